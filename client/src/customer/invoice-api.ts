/**
 * The invoice page's calls (docs/invoice-page.md): the invoice by its link, Pay (where to
 * send the browser: Stripe Checkout, or the demo step), and demo mode's simulated payment.
 */
import type { CardCheckoutDTO, PublicInvoiceDTO } from "@sched/shared-types";
import { call, post } from "./api";

export type PublicInvoice = PublicInvoiceDTO;

export const invoiceUrl = (token: string) => `/api/public/invoices/${encodeURIComponent(token)}`;

export const getInvoice = (token: string) => call<PublicInvoice>(invoiceUrl(token), { cache: "no-store" });

export const startPayment = (token: string) => post<CardCheckoutDTO>(`${invoiceUrl(token)}/pay`, {});

export const payInDemo = (token: string) => post<PublicInvoice>(`${invoiceUrl(token)}/demo-pay`, {});

/** Whole minor units as the company's money ("$1,204.50", "¥1,205", "KWD 1.250"): the currency's own decimals. */
export function formatAmount(money: { amount: number; currency: string }, locale: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: "currency", currency: money.currency });
  } catch {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: money.currency });
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(money.amount / 10 ** digits);
}

/** What the badge says. */
export function invoiceStatusWords(invoice: Pick<PublicInvoice, "status">): string {
  switch (invoice.status) {
    case "paid":
      return "Paid";
    case "partly_paid":
      return "Partly paid";
    case "overdue":
      return "Overdue";
    case "void":
      return "Void";
    default:
      return "Due";
  }
}
