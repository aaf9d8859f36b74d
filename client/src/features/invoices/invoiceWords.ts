/** How the invoice screens name an invoice's state, a payment's method and money (docs/money.md). */
import { formatMoney, type InvoiceStatus, type Money, type PaymentMethod } from "@sched/shared-types";
import { useCurrentCompany } from "../../entities/company/useCompanies";
import { useSettingsQuery } from "../../entities/company/workingDays";

export const STATUS_WORDS: Record<InvoiceStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  partly_paid: "Partly paid",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void",
};

/** antd Tag colours, each with its word beside it: the colour is never the only sign. */
export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: "default",
  sent: "blue",
  viewed: "purple",
  partly_paid: "gold",
  paid: "success",
  overdue: "error",
  void: "default",
};

export const METHOD_WORDS: Record<PaymentMethod, string> = {
  cash: "Cash",
  cheque: "Cheque",
  bank_transfer: "Bank transfer",
  card: "Card (own terminal)",
};

/** The reader's language with the company's country: "en-GB" writes £1,250.50, "de-DE" 1.250,50 €. */
export function moneyLocale(country: string | undefined): string {
  const language = typeof navigator === "undefined" ? "en" : navigator.language.split("-")[0] || "en";
  if (!country) return language;
  const wanted = `${language}-${country}`;
  try {
    return Intl.NumberFormat.supportedLocalesOf([wanted]).length > 0 ? wanted : language;
  } catch {
    return language;
  }
}

/** `money(amount)` in the selected company's locale, and the company's own "today" time zone. */
export function useMoney(): { money: (amount: Money) => string; timeZone: string | undefined } {
  const { companyId } = useCurrentCompany();
  const settings = useSettingsQuery(companyId).data;
  const locale = moneyLocale(settings?.country);
  return { money: (amount) => formatMoney(amount, locale), timeZone: settings?.timeZone };
}
