/**
 * payments.csv: money in (payments by the day received, and quotes' deposits no invoice
 * carries yet by the day paid) and money out (refunds, by the company's day they were
 * made), in date order. QuickBooks and Xero take these as a bank
 * statement upload, where each one is matched to its invoice (docs/money.md).
 */
import { type AccountingExportFormat, type PaymentMethod, quoteLabel } from "@sched/shared-types";
import type { Cell } from "./cells";
import type { MoneyMovementRow } from "./documents";
import { amountCell, type ExportContext, toolDate } from "./format";

export const PAYMENTS_HEADERS: Record<AccountingExportFormat, string[]> = {
  // QuickBooks Online's bank upload, 3-column form: a signed amount.
  quickbooks: ["Date", "Description", "Amount"],
  // Xero's bank statement template.
  xero: ["*Date", "*Amount", "Payee", "Description", "Reference", "Cheque Number"],
  plain: ["Date", "Type", "Invoice", "Customer", "Method", "Reference", "Amount", "Currency"],
};

const METHOD_WORDS: Record<PaymentMethod, string> = {
  cash: "Cash",
  cheque: "Cheque",
  bank_transfer: "Bank transfer",
  card: "Card",
};

export function movementCells(row: MoneyMovementRow, context: ExportContext): Cell[] {
  // Money out is negative, as on a bank statement.
  const signed = amountCell(row.kind === "refund" ? -row.amount : row.amount, row.currency);
  const customer = row.billTo?.name ?? "";
  const method = METHOD_WORDS[row.method];
  const what = row.kind === "refund" ? "Refund" : row.kind === "deposit" ? "Deposit" : "Payment";
  // What it is matched to: the invoice's number, or for a deposit its quote's.
  const matchedTo = row.invoiceNumber !== null ? String(row.invoiceNumber) : quoteLabel(row.quoteNumber ?? 0);
  const document = row.invoiceNumber !== null ? `invoice ${matchedTo}` : `quote ${matchedTo}`;
  switch (context.format) {
    case "quickbooks":
      return [
        toolDate(row.date, context),
        [`${what} ${document}`, customer, method, row.reference].filter(Boolean).join(" - "),
        signed,
      ];
    case "xero":
      // Xero suggests the match from the reference: the invoice's number.
      return [
        toolDate(row.date, context),
        signed,
        customer,
        `${what} (${method})`,
        matchedTo,
        // The customer's cheque came in; a refund of it goes out by other means.
        row.kind === "payment" && row.method === "cheque" ? (row.reference ?? "") : "",
      ];
    case "plain":
      return [
        row.date,
        row.kind,
        row.invoiceNumber !== null ? String(row.invoiceNumber) : "",
        customer,
        row.method,
        row.kind === "deposit" ? `Quote ${matchedTo}` : (row.reference ?? ""),
        signed,
        row.currency,
      ];
  }
}
