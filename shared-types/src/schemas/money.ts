/**
 * Getting paid (docs/money.md): money settings and tax rates, the price book, the items a
 * job carries. Amounts are `{amount, currency}` in integer minor units (../money.ts).
 */
import { z } from "zod";
import { hasAtMostDecimals, isKnownCurrency, PERCENT_DECIMALS, QUANTITY_DECIMALS } from "../money";
import { ZCompanyId, ZId, ZMomentText, ZRowId } from "./common";
import { ZCompanyLogo } from "./company-logo";
import { ZSettingsVersion, ZVersion } from "./versions";

export const AMOUNT_INVALID =
  "Amount must be a whole number of the currency's minor units, e.g. 1999 for 19.99";
export const CURRENCY_INVALID = "Currency must be an ISO 4217 code such as USD";
export const currencyNotTheCompanys = (currency: string) => `Currency must be the company's (${currency})`;
export const REMINDER_DAYS_INVALID = "Reminder days must be whole days from 1 to 365";
export const DEFAULT_REMINDER_DAYS = [3, 7, 14];
export const PERCENT_INVALID = "Percent must be 0 to 100 with at most 3 decimals";
export const QUANTITY_INVALID = "Quantity must be above 0 and below 1,000,000, with at most 3 decimals";
export const TAX_RATE_NAME_REQUIRED = "Tax rate name is required";
export const TAX_RATE_UNKNOWN = "Unknown tax rate";
export const PRICE_BOOK_NAME_REQUIRED = "Name is required";
export const PRICE_BOOK_KIND_INVALID = 'Kind must be "service" or "material"';
export const PRICE_BOOK_ITEM_NOT_FOUND = "Price book item not found";
export const PRICE_BOOK_NAME_TAKEN = "An item with this name is already in the price book";
export const PRICES_HIDDEN = "Prices are not shown to technicians in this company";
export const JOB_ITEM_NAME_REQUIRED = "Name is required when no price book item is given";
export const JOB_ITEM_PRICE_REQUIRED = "Unit price is required when no price book item is given";
export const JOB_ITEM_NOT_FOUND = "Item not found";
export const PRICE_BOOK_IMPORT_NO_NAME_COLUMN =
  "The first row must name the columns, among them Name and Unit price";

/** Amounts up to 10^13 minor units keep every product of the line arithmetic exact. */
export const AMOUNT_MAX = 10_000_000_000_000;
export const PRICE_BOOK_NAME_MAX = 200;
export const PRICE_BOOK_IMPORT_MAX_ROWS = 5_000;
export const PRICE_BOOK_IMPORT_MAX_CHARS = 2_000_000;
export const TAX_RATES_MAX = 20;
export const QUANTITY_MAX = 1_000_000;

export const ZCurrency = z
  .string({ message: CURRENCY_INVALID })
  .toUpperCase()
  .refine(isKnownCurrency, { message: CURRENCY_INVALID });

export const ZMoney = z
  .object({
    amount: z
      .number({ message: AMOUNT_INVALID })
      .int({ message: AMOUNT_INVALID })
      .min(-AMOUNT_MAX, { message: AMOUNT_INVALID })
      .max(AMOUNT_MAX, { message: AMOUNT_INVALID }),
    currency: ZCurrency,
  })
  .meta({
    id: "Money",
    description: "Integer minor units of the currency: {amount: 1999, currency: 'USD'} is 19.99",
  });
export type MoneyDTO = z.infer<typeof ZMoney>;

/** An amount that may not be below zero (prices, costs). */
const ZPrice = ZMoney.refine((money) => money.amount >= 0, { message: AMOUNT_INVALID, path: ["amount"] });

export const ZPercent = z
  .number({ message: PERCENT_INVALID })
  .min(0, { message: PERCENT_INVALID })
  .max(100, { message: PERCENT_INVALID })
  .refine((value) => hasAtMostDecimals(value, PERCENT_DECIMALS), { message: PERCENT_INVALID });

export const ZQuantity = z
  .number({ message: QUANTITY_INVALID })
  .gt(0, { message: QUANTITY_INVALID })
  .lt(QUANTITY_MAX, { message: QUANTITY_INVALID })
  .refine((value) => hasAtMostDecimals(value, QUANTITY_DECIMALS), { message: QUANTITY_INVALID });

const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be ${max} characters or less` })
    .transform((value) => value || null)
    .nullable()
    .optional();

// --- Money settings -------------------------------------------------------------------

export const ZTaxRateInput = z.object({
  /** An existing rate's id keeps it (and what uses it); without one a rate is added. */
  id: ZId.optional(),
  name: z
    .string({ message: TAX_RATE_NAME_REQUIRED })
    .trim()
    .min(1, { message: TAX_RATE_NAME_REQUIRED })
    .max(60, { message: "Tax rate name must be 60 characters or less" }),
  percent: ZPercent,
});

export const ZTaxNumber = z.object({
  label: z.string({ message: "Label is required" }).trim().min(1, { message: "Label is required" }).max(40, {
    message: "Label must be 40 characters or less",
  }),
  value: z
    .string({ message: "Tax number is required" })
    .trim()
    .min(1, { message: "Tax number is required" })
    .max(60, {
      message: "Tax number must be 60 characters or less",
    }),
});

/** PUT /api/companies/:companyId/money-settings: the fields sent change; `taxRates` replaces the list. */
export const ZMoneySettingsUpdate = z.object({
  currency: ZCurrency.optional(),
  pricesIncludeTax: z.boolean({ message: "pricesIncludeTax must be true or false" }).optional(),
  techniciansSeePrices: z.boolean({ message: "techniciansSeePrices must be true or false" }).optional(),
  taxNumbers: z.array(ZTaxNumber).max(5, { message: "At most 5 tax numbers" }).optional(),
  documentAddress: optionalText("Address", 500),
  paymentTermsDays: z
    .number({ message: "Payment terms must be 0 to 365 days" })
    .int({ message: "Payment terms must be 0 to 365 days" })
    .min(0, { message: "Payment terms must be 0 to 365 days" })
    .max(365, { message: "Payment terms must be 0 to 365 days" })
    .optional(),
  reminderDays: z
    .array(
      z
        .number({ message: REMINDER_DAYS_INVALID })
        .int({ message: REMINDER_DAYS_INVALID })
        .min(1, { message: REMINDER_DAYS_INVALID })
        .max(365, { message: REMINDER_DAYS_INVALID }),
      { message: REMINDER_DAYS_INVALID },
    )
    .max(5, { message: "At most 5 reminders" })
    .refine((days) => new Set(days).size === days.length, { message: "A reminder day is listed twice" })
    .transform((days) => [...days].sort((a, b) => a - b))
    .optional(),
  taxRates: z
    .array(ZTaxRateInput)
    .max(TAX_RATES_MAX, { message: `At most ${TAX_RATES_MAX} tax rates` })
    .optional(),
  version: ZSettingsVersion.optional(),
});
export type TMoneySettingsUpdate = z.infer<typeof ZMoneySettingsUpdate>;

export const ZTaxRate = z
  .object({ id: ZRowId, name: z.string(), percent: z.number() })
  .meta({ id: "TaxRate" });
export type TaxRateDTO = z.infer<typeof ZTaxRate>;

export const ZMoneySettings = z
  .object({
    companyId: ZRowId,
    currency: z.string(),
    currencyExponent: z.int().describe("Digits of the minor unit: 0 (JPY), 2 (USD), 3 (KWD)"),
    pricesIncludeTax: z.boolean(),
    techniciansSeePrices: z.boolean(),
    taxNumbers: z.array(z.object({ label: z.string(), value: z.string() })),
    documentAddress: z.string().nullable(),
    paymentTermsDays: z.int(),
    reminderDays: z
      .array(z.int())
      .describe("Days past due when an unpaid sent invoice is reminded, each once"),
    taxRates: z.array(ZTaxRate).describe("The rates in use; archived ones are left out"),
    logo: ZCompanyLogo.nullable().describe("Printed on documents; changed by PUT/DELETE .../logo, not this"),
    version: z.int().describe("0 until the first save"),
  })
  .meta({ id: "MoneySettings" });
export type MoneySettingsDTO = z.infer<typeof ZMoneySettings>;

// --- Price book -----------------------------------------------------------------------

export const PRICE_BOOK_KINDS = ["service", "material"] as const;

export const ZPriceBookFields = z.object({
  name: z
    .string({ message: PRICE_BOOK_NAME_REQUIRED })
    .trim()
    .min(1, { message: PRICE_BOOK_NAME_REQUIRED, abort: true })
    .max(PRICE_BOOK_NAME_MAX, { message: `Name must be ${PRICE_BOOK_NAME_MAX} characters or less` }),
  kind: z.enum(PRICE_BOOK_KINDS, { message: PRICE_BOOK_KIND_INVALID }),
  unitPrice: ZPrice,
  cost: ZPrice.nullable().optional(),
  taxRateId: ZId.nullable().optional(),
  unit: optionalText("Unit", 20),
});
export type TPriceBookFields = z.infer<typeof ZPriceBookFields>;

/** POST /api/price-book */
export const ZPriceBookCreate = ZPriceBookFields.extend({ companyId: ZCompanyId.optional() });
/** PUT /api/price-book/:id: the whole item and the version the client last saw. */
export const ZPriceBookUpdate = ZPriceBookCreate.extend({ version: ZVersion.optional() });

export const ZPriceBookItem = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    name: z.string(),
    kind: z.enum(PRICE_BOOK_KINDS),
    unitPrice: ZMoney,
    cost: ZMoney.nullable(),
    taxRateId: ZRowId.nullable(),
    unit: z.string().nullable(),
    version: z.int(),
    updatedAt: ZMomentText,
  })
  .meta({ id: "PriceBookItem" });
export type PriceBookItemDTO = z.infer<typeof ZPriceBookItem>;

/**
 * GET /api/price-book and /:id: the whole item for who sees prices; for a technician where
 * the company hides them, what and in which unit without how much (no `unitPrice`, no
 * `cost`), so they still pick items on site (docs/money.md).
 */
export const ZPriceBookEntry = ZPriceBookItem.extend({
  unitPrice: ZMoney.optional().describe("Left out for a technician where the company hides prices"),
  cost: ZMoney.nullable().optional().describe("Left out for a technician where the company hides prices"),
}).meta({ id: "PriceBookEntry" });
export type PriceBookEntryDTO = z.infer<typeof ZPriceBookEntry>;

/** POST /api/price-book/import: CSV text with a header row; `dryRun` previews. */
export const ZPriceBookImport = z.object({
  companyId: ZCompanyId.optional(),
  csv: z
    .string({ message: "CSV is required" })
    .min(1, { message: "CSV is required", abort: true })
    .max(PRICE_BOOK_IMPORT_MAX_CHARS, {
      message: `CSV must be ${PRICE_BOOK_IMPORT_MAX_CHARS} characters or less`,
    }),
  dryRun: z.boolean({ message: "dryRun must be true or false" }).default(false),
});

export const ZPriceBookImportResult = z
  .object({
    created: z.int(),
    updated: z.int(),
    unchanged: z.int(),
    skipped: z.int().describe("Rows left out: blank, or failing (each failing row is in `errors`)"),
    errors: z.array(
      z.object({
        row: z.int().describe("The spreadsheet's row number: the header is row 1"),
        message: z.string(),
      }),
    ),
    dryRun: z.boolean(),
    changes: z
      .array(z.object({ row: z.int(), name: z.string(), action: z.enum(["create", "update"]) }))
      .describe("What each row does (or would do)"),
  })
  .meta({ id: "PriceBookImportResult" });
export type PriceBookImportResultDTO = z.infer<typeof ZPriceBookImportResult>;

// --- Job items ------------------------------------------------------------------------

/** POST /api/jobs/:id/items: from the price book (its price unless one is given) or typed. */
export const ZJobItemCreate = z.object({
  priceBookItemId: ZId.nullable().optional(),
  name: optionalText("Name", PRICE_BOOK_NAME_MAX),
  quantity: ZQuantity,
  unitPrice: ZPrice.nullable().optional(),
});
export type TJobItemCreate = z.infer<typeof ZJobItemCreate>;

export const ZJobItemParams = z.object({ id: z.string().toLowerCase(), itemId: z.string().toLowerCase() });

export const ZJobItem = z
  .object({
    id: ZRowId,
    jobId: ZRowId,
    priceBookItemId: ZRowId.nullable(),
    name: z.string(),
    quantity: z.number(),
    unitPrice: ZMoney.nullable().describe("null for a technician when the company hides prices"),
    taxPercent: z.number().nullable(),
    createdAt: ZMomentText,
  })
  .meta({ id: "JobItem" });
export type JobItemDTO = z.infer<typeof ZJobItem>;
