/** Money settings, price book items and job items as the API answers them (docs/money.md). */
import type {
  JobItemDTO,
  MoneySettingsDTO,
  PriceBookEntryDTO,
  PriceBookItemDTO,
  TaxRateDTO,
} from "@sched/shared-types";
import { currencyExponent, DEFAULT_REMINDER_DAYS } from "@sched/shared-types";
import type { jobItems, moneySettings, priceBookItems, taxRates } from "../db/schema";

/** Thousandths stored, a number with at most 3 decimals answered (8875 -> 8.875). */
export const fromThousandths = (value: number) => value / 1000;

export const presentTaxRate = (row: typeof taxRates.$inferSelect): TaxRateDTO => ({
  id: row.id,
  name: row.name,
  percent: fromThousandths(row.percentThousandths),
});

/** `row` undefined: the company never saved them; its currency follows its country. */
export function presentMoneySettings(
  companyId: string,
  row: typeof moneySettings.$inferSelect | undefined,
  rates: (typeof taxRates.$inferSelect)[],
  defaultCurrency: string,
  logo: MoneySettingsDTO["logo"] = null,
): MoneySettingsDTO {
  const currency = row?.currency ?? defaultCurrency;
  return {
    companyId,
    currency,
    currencyExponent: currencyExponent(currency),
    pricesIncludeTax: row?.pricesIncludeTax ?? false,
    techniciansSeePrices: row?.techniciansSeePrices ?? false,
    taxNumbers: row?.taxNumbers ?? [],
    documentAddress: row?.documentAddress ?? null,
    paymentTermsDays: row?.paymentTermsDays ?? 14,
    reminderDays: row?.reminderDays ?? DEFAULT_REMINDER_DAYS,
    taxRates: rates.filter((rate) => rate.archivedAt === null).map(presentTaxRate),
    logo,
    version: row?.version ?? 0,
  };
}

export const presentPriceBookItem = (row: typeof priceBookItems.$inferSelect): PriceBookItemDTO => ({
  id: row.id,
  companyId: row.companyId,
  name: row.name,
  kind: row.kind,
  unitPrice: { amount: row.unitPrice, currency: row.currency },
  cost: row.cost === null ? null : { amount: row.cost, currency: row.currency },
  taxRateId: row.taxRateId,
  unit: row.unit,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

/** `showPrice` false: a technician of a company that hides prices picks items by name, kind and unit. */
export function presentPriceBookEntry(
  row: typeof priceBookItems.$inferSelect,
  showPrice: boolean,
): PriceBookEntryDTO {
  const item = presentPriceBookItem(row);
  if (showPrice) return item;
  const { unitPrice: _unitPrice, cost: _cost, ...withoutPrices } = item;
  return withoutPrices;
}

/** `showPrice` false: a technician of a company that hides prices sees what, not how much. */
export const presentJobItem = (row: typeof jobItems.$inferSelect, showPrice: boolean): JobItemDTO => ({
  id: row.id,
  jobId: row.jobId,
  priceBookItemId: row.priceBookItemId,
  name: row.name,
  quantity: fromThousandths(row.quantityThousandths),
  unitPrice: showPrice ? { amount: row.unitPrice, currency: row.currency } : null,
  taxPercent: row.taxPercentThousandths === null ? null : fromThousandths(row.taxPercentThousandths),
  createdAt: row.createdAt.toISOString(),
});
