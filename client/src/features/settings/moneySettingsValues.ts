/**
 * The money settings as their two cards edit them (docs/money.md, "Money settings"):
 * "Prices and tax" beside the price book, "Invoice details" under the logo. Both save to the
 * one settings row, each sending only the fields it changed and the version it opened,
 * so one card's save never undoes the other's.
 */
import type { FieldError, MoneySettingsDTO, TMoneySettingsUpdate } from "@sched/shared-types";
import { isApiError } from "../../lib/api";

export type MoneyCardPart = "pricing" | "documents";

/** The fields each card shows, in the API's names. */
export const PART_FIELDS = {
  pricing: ["currency", "pricesIncludeTax", "techniciansSeePrices", "taxRates"],
  documents: ["documentAddress", "taxNumbers", "paymentTermsDays", "reminderDays"],
} as const satisfies Record<MoneyCardPart, readonly (keyof TMoneySettingsUpdate)[]>;

type MoneyField = (typeof PART_FIELDS)[MoneyCardPart][number];

export type MoneySettingsFormValues = {
  currency: string;
  pricesIncludeTax: boolean;
  techniciansSeePrices: boolean;
  taxRates: { id?: string; name?: string; percent?: number | null }[];
  taxNumbers: { label?: string; value?: string }[];
  documentAddress: string;
  paymentTermsDays: number | null;
  /** A tags select holds text: "7". */
  reminderDays: string[];
};

export function toFormValues(settings: MoneySettingsDTO): MoneySettingsFormValues {
  return {
    currency: settings.currency,
    pricesIncludeTax: settings.pricesIncludeTax,
    techniciansSeePrices: settings.techniciansSeePrices,
    taxRates: settings.taxRates.map(({ id, name, percent }) => ({ id, name, percent })),
    taxNumbers: settings.taxNumbers.map(({ label, value }) => ({ label, value })),
    documentAddress: settings.documentAddress ?? "",
    paymentTermsDays: settings.paymentTermsDays,
    reminderDays: settings.reminderDays.map(String),
  };
}

/**
 * The form's values as the API reads them, before its checks: a day that is not a number
 * stays NaN so the schema names it, an empty address is "" (the server stores null).
 */
function toInput(values: Partial<MoneySettingsFormValues>): Record<MoneyField, unknown> {
  return {
    currency: values.currency,
    pricesIncludeTax: values.pricesIncludeTax ?? false,
    techniciansSeePrices: values.techniciansSeePrices ?? false,
    taxRates: (values.taxRates ?? []).map((rate) => ({
      ...(rate.id ? { id: rate.id } : {}),
      name: (rate.name ?? "").trim(),
      percent: rate.percent ?? null,
    })),
    taxNumbers: (values.taxNumbers ?? []).map((number) => ({
      label: (number.label ?? "").trim(),
      value: (number.value ?? "").trim(),
    })),
    documentAddress: (values.documentAddress ?? "").trim(),
    paymentTermsDays: values.paymentTermsDays ?? null,
    reminderDays: (values.reminderDays ?? [])
      .map((day) => (String(day).trim() === "" ? Number.NaN : Number(String(day).trim())))
      .sort((a, b) => a - b),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What the card changed since `opened`: only those fields go out (the server keeps the rest). */
export function changedFields(
  opened: MoneySettingsDTO,
  values: Partial<MoneySettingsFormValues>,
  part: MoneyCardPart,
): Record<string, unknown> {
  const before = toInput(toFormValues(opened));
  const now = toInput(values);
  return Object.fromEntries(
    PART_FIELDS[part].filter((field) => !same(before[field], now[field])).map((field) => [field, now[field]]),
  );
}

/**
 * True when `current` (a newer version in the cache) reads the same as `opened` in this
 * card's fields: the other card saved, so this one may save over the new version without
 * a stale answer and without losing what is being typed.
 */
export function sameInPart(
  opened: MoneySettingsDTO,
  current: MoneySettingsDTO,
  part: MoneyCardPart,
): boolean {
  const before = toInput(toFormValues(opened));
  const now = toInput(toFormValues(current));
  return PART_FIELDS[part].every((field) => same(before[field], now[field]));
}

/** The form field a checked path belongs to: a reminder day's error goes on the one tags field. */
export function formFieldOf(path: string): string {
  return path.startsWith("reminderDays.") ? "reminderDays" : path;
}

/** `showFieldErrors`' path map for these errors. */
export const fieldNamesOf = (errors: FieldError[]): Record<string, string> =>
  Object.fromEntries(errors.map((error) => [error.path, formFieldOf(error.path)]));

/** A 409 `stale` answer's settings as they are now, or null for any other failure. */
export function staleSettingsOf(
  error: unknown,
): { message: string; current: MoneySettingsDTO | null } | null {
  if (!isApiError(error, "stale")) return null;
  const current = error.body?.current as Partial<MoneySettingsDTO> | undefined;
  const usable = current && typeof current.version === "number" && Array.isArray(current.taxRates);
  return {
    message: error.body?.message ?? error.message,
    current: usable ? (current as MoneySettingsDTO) : null,
  };
}
