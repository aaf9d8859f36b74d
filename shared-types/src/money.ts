/**
 * Money done right (docs/money.md): an amount is a whole number of the currency's minor
 * units with its currency beside it (`{amount: 1999, currency: "USD"}`), never a float.
 * The arithmetic is dinero.js's, on bigint so no product loses a digit: a line's price
 * times its quantity is rounded half-even to the currency's minor unit, its tax is rounded
 * half-even on that line, and a document's totals are the sums of the rounded lines.
 * Pure: the client may show the same totals the server stores.
 */
import {
  add,
  calculator,
  type Dinero,
  type DineroCurrency,
  dinero,
  halfEven,
  multiply,
  toDecimal,
  toSnapshot,
  transformScale,
} from "dinero.js/bigint";
import * as CURRENCIES from "dinero.js/bigint/currencies";

export type Money = { amount: number; currency: string };

/** Quantities and tax percents have at most 3 decimals (1.5 h, 8.875 %): exact as thousandths. */
export const QUANTITY_DECIMALS = 3;
export const PERCENT_DECIMALS = 3;

const TABLE = CURRENCIES as unknown as Record<string, DineroCurrency<bigint> | undefined>;

/** The ISO 4217 currency dinero.js knows by this code, or undefined. */
export function currencyOf(code: string): DineroCurrency<bigint> | undefined {
  const currency = TABLE[code];
  return currency && typeof currency === "object" && currency.code === code ? currency : undefined;
}

export const isKnownCurrency = (code: string) => currencyOf(code) !== undefined;

/** Every ISO 4217 code `ZCurrency` accepts, A to Z (the settings' currency choice). */
export const CURRENCY_CODES: readonly string[] = Object.keys(TABLE)
  .filter((code) => currencyOf(code) !== undefined)
  .sort();

/** How many minor-unit digits the currency has: 0 (JPY), 2 (USD), 3 (KWD). */
export function currencyExponent(code: string): number {
  const currency = currencyOf(code);
  if (!currency) throw new Error(`Unknown currency ${code}`);
  return Number(currency.exponent);
}

/** The whole number `value * 10^decimals`; a value with more decimals is refused. */
export function toScaledInteger(value: number, decimals: number): bigint {
  const scaled = Math.round(value * 10 ** decimals);
  if (!Number.isSafeInteger(scaled) || Math.abs(scaled / 10 ** decimals - value) > 1e-9) {
    throw new Error(`${value} has more than ${decimals} decimals`);
  }
  return BigInt(scaled);
}

/** Whether a number has at most `decimals` decimals (the schemas' check). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  try {
    toScaledInteger(value, decimals);
    return true;
  } catch {
    return false;
  }
}

const toDinero = (money: Money) => {
  const currency = currencyOf(money.currency);
  if (!currency) throw new Error(`Unknown currency ${money.currency}`);
  if (!Number.isSafeInteger(money.amount)) throw new Error("An amount is a whole number of minor units");
  return dinero({ amount: BigInt(money.amount), currency });
};

/** Back to the API's shape, at the currency's own scale (every result here is rounded to it). */
function toMoney(value: Dinero<bigint>): Money {
  const { amount, currency, scale } = toSnapshot(value);
  const rounded = scale === currency.exponent ? amount : toSnapshot(roundToMinor(value)).amount;
  const number = Number(rounded);
  if (!Number.isSafeInteger(number)) throw new Error("Amount out of range");
  return { amount: number, currency: currency.code };
}

const roundToMinor = (value: Dinero<bigint>) =>
  transformScale(value, toSnapshot(value).currency.exponent, halfEven);

export const zeroMoney = (currency: string): Money => ({ amount: 0, currency });

/** numerator / divisor (whole numbers, divisor above 0) rounded half-even to a whole number, exactly. */
export function divideHalfEven(numerator: number, divisor: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(divisor) || divisor <= 0) {
    throw new Error("divideHalfEven takes whole numbers and a divisor above 0");
  }
  return Number(halfEven(BigInt(numerator), BigInt(divisor), calculator));
}

/** Sum of amounts in one currency (a mix is a programming error). */
export function sumMoney(currency: string, amounts: readonly Money[]): Money {
  let total = toDinero(zeroMoney(currency));
  for (const amount of amounts) {
    if (amount.currency !== currency) throw new Error(`Cannot add ${amount.currency} to ${currency}`);
    total = add(total, toDinero(amount));
  }
  return toMoney(total);
}

/** "19.99" for {1999, USD}, "1999" for {1999, JPY}: the decimal text exports and documents show. */
export const moneyDecimal = (money: Money): string => toDecimal(toDinero(money));

/** An amount as people read it in a locale: "$1,234.50", "1.234,50 €", "¥1,999". */
export function formatMoney(money: Money, locale = "en-US"): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency: money.currency });
  // The exact decimal text, not a float: Intl reads it as written.
  return format.format(moneyDecimal(money) as unknown as number);
}

/**
 * Decimal text as typed in a spreadsheet ("19.99", "1,234.5", "20") to minor units of
 * `currency`; undefined when it is no amount or has more decimals than the currency.
 */
export function parseMoneyDecimal(text: string, currency: string): number | undefined {
  const exponent = currencyExponent(currency);
  const match = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ""] = match;
  if (fraction.length > exponent) return undefined;
  const digits = `${whole.replaceAll(",", "")}${fraction.padEnd(exponent, "0")}`;
  const amount = Number(BigInt(digits)) * (sign ? -1 : 1);
  return Number.isSafeInteger(amount) ? amount : undefined;
}

export type LineInput = {
  unitPrice: Money;
  /** At most 3 decimals. */
  quantity: number;
  /** The line's tax rate in percent (8.875), at most 3 decimals; null: no tax. */
  taxPercent: number | null;
  /** The company setting: prices entered with tax included (docs/money.md). */
  pricesIncludeTax: boolean;
};

/** A line's amounts, each in minor units: `net + tax = gross`, whichever way prices were entered. */
export type LineAmounts = { net: Money; tax: Money; gross: Money };

/**
 * One line: price x quantity rounded half-even to the minor unit; tax on that, rounded
 * half-even on this line. With prices including tax, the rounded amount is the gross and
 * the tax inside it is gross x r / (100 + r), rounded half-even.
 */
export function lineAmounts({ unitPrice, quantity, taxPercent, pricesIncludeTax }: LineInput): LineAmounts {
  const price = toDinero(unitPrice);
  const extended = roundToMinor(
    multiply(price, {
      amount: toScaledInteger(quantity, QUANTITY_DECIMALS),
      scale: BigInt(QUANTITY_DECIMALS),
    }),
  );
  const extendedAmount = toSnapshot(extended).amount;
  const money = (amount: bigint) => toMoney(dinero({ amount, currency: toSnapshot(extended).currency }));
  // Percent with 3 decimals: r% = thousandths / 100,000.
  const thousandths = taxPercent === null ? 0n : toScaledInteger(taxPercent, PERCENT_DECIMALS);
  const hundred = 100n * 10n ** BigInt(PERCENT_DECIMALS);
  if (pricesIncludeTax) {
    const tax = halfEven(extendedAmount * thousandths, hundred + thousandths, calculator);
    return { net: money(extendedAmount - tax), tax: money(tax), gross: toMoney(extended) };
  }
  const tax = halfEven(extendedAmount * thousandths, hundred, calculator);
  return { net: toMoney(extended), tax: money(tax), gross: money(extendedAmount + tax) };
}

export type DocumentTotals = { subtotal: Money; tax: Money; total: Money };

/** A quote's or an invoice's totals: the sums of its rounded lines, never a total re-rounded. */
export function documentTotals(currency: string, lines: readonly LineAmounts[]): DocumentTotals {
  return {
    subtotal: sumMoney(
      currency,
      lines.map((line) => line.net),
    ),
    tax: sumMoney(
      currency,
      lines.map((line) => line.tax),
    ),
    total: sumMoney(
      currency,
      lines.map((line) => line.gross),
    ),
  };
}

/**
 * The currency a company in this country starts with (the owner may change it). The common
 * countries of the app's users; any other starts with USD until the owner picks its own.
 */
const COUNTRY_CURRENCY: Record<string, string> = {
  US: "USD",
  CA: "CAD",
  GB: "GBP",
  IE: "EUR",
  AU: "AUD",
  NZ: "NZD",
  MX: "MXN",
  BR: "BRL",
  DE: "EUR",
  FR: "EUR",
  ES: "EUR",
  IT: "EUR",
  NL: "EUR",
  BE: "EUR",
  AT: "EUR",
  PT: "EUR",
  FI: "EUR",
  GR: "EUR",
  LU: "EUR",
  SK: "EUR",
  SI: "EUR",
  EE: "EUR",
  LV: "EUR",
  LT: "EUR",
  HR: "EUR",
  CY: "EUR",
  MT: "EUR",
  CH: "CHF",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  PL: "PLN",
  CZ: "CZK",
  HU: "HUF",
  RO: "RON",
  JP: "JPY",
  KR: "KRW",
  IN: "INR",
  ZA: "ZAR",
  SG: "SGD",
  HK: "HKD",
  AE: "AED",
  SA: "SAR",
  IL: "ILS",
  KW: "KWD",
  BH: "BHD",
  OM: "OMR",
  JO: "JOD",
};

export const currencyForCountry = (country: string): string => COUNTRY_CURRENCY[country] ?? "USD";
