/**
 * How the accountant's files write a value (docs/money.md, "Exports for the accountant"):
 * amounts as the exact decimal of the currency's minor units, quantities from thousandths,
 * and dates the way the tool reads them. No floating point on the way.
 */
import { type AccountingExportFormat, type InvoiceStatus, moneyDecimal } from "@sched/shared-types";
import { decimal } from "./cells";

/** What every row of one export needs to know about the request and the company. */
export type ExportContext = {
  companyId: string;
  format: AccountingExportFormat;
  from: string;
  to: string;
  /** IANA zone: a refund's moment becomes the company's calendar day. */
  timeZone: string;
  /** ISO 3166: a US company's tools read month first, everyone else's day first. */
  country: string;
  /** Rows read at a time (./paging.ts); tests make it small to cross many pages. */
  pageSize?: number;
};

/** "19.99" for 1999 USD, "-19.99" for -1999, "1999" for 1999 JPY, "1.500" for 1500 KWD. */
export const amountCell = (amount: number, currency: string) => decimal(moneyDecimal({ amount, currency }));

/** 1500 thousandths → "1.5", 2000 → "2", 125 → "0.125": exact text, never a float. */
export function quantityText(thousandths: number): string {
  const sign = thousandths < 0 ? "-" : "";
  const magnitude = Math.abs(thousandths);
  const whole = Math.trunc(magnitude / 1000);
  const fraction = String(magnitude % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

/**
 * A calendar date as the tool reads it: QuickBooks and Xero follow the region of the
 * company file (MM/DD/YYYY in the United States, DD/MM/YYYY elsewhere); plain is ISO 8601.
 */
export function toolDate(date: string, context: Pick<ExportContext, "format" | "country">): string {
  if (context.format === "plain") return date;
  const [year, month, day] = date.split("-");
  return context.country === "US" ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

/** A credit note's number beside the invoices': its own series (docs/money.md), so a prefix. */
export const creditNoteNumber = (number: number) => `CN-${number}`;

/** QuickBooks' words for an invoice's state in its sales list. */
export const QUICKBOOKS_STATUS: Record<InvoiceStatus, string> = {
  draft: "Draft",
  sent: "Open",
  viewed: "Open",
  partly_paid: "Partially paid",
  overdue: "Overdue",
  paid: "Paid",
  void: "Voided",
};

/** Xero's invoice statuses: anything the customer has and still owes is AUTHORISED. */
export const XERO_STATUS: Record<InvoiceStatus, string> = {
  draft: "DRAFT",
  sent: "AUTHORISED",
  viewed: "AUTHORISED",
  partly_paid: "AUTHORISED",
  overdue: "AUTHORISED",
  paid: "PAID",
  void: "VOIDED",
};

/** QuickBooks' terms from the days between issue and due date. */
export const quickbooksTerms = (days: number) => (days <= 0 ? "Due on receipt" : `Net ${days}`);

/** Xero's standard chart of accounts codes sales to 200; the accountant changes it in the file if theirs differs. */
export const XERO_SALES_ACCOUNT = "200";
