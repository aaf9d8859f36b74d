/**
 * invoices.csv: one row per invoice and one per credit note of the period, by date, with
 * the totals the accountant checks the books against. Void invoices and credit notes are
 * written the way each tool shows them (docs/money.md, "Exports for the accountant").
 */
import { type AccountingExportFormat, daysBetween, type InvoiceStatus } from "@sched/shared-types";
import type { Cell } from "./cells";
import { type CreditNoteRow, creditNoteRows, type InvoiceRow, invoiceRows } from "./documents";
import {
  amountCell,
  creditNoteNumber,
  type ExportContext,
  QUICKBOOKS_STATUS,
  quickbooksTerms,
  toolDate,
  XERO_STATUS,
} from "./format";
import { mergeOrdered } from "./paging";

export const INVOICES_HEADERS: Record<AccountingExportFormat, string[]> = {
  quickbooks: [
    "InvoiceNo",
    "Type",
    "Customer",
    "InvoiceDate",
    "DueDate",
    "Terms",
    "Status",
    "Currency",
    "Subtotal",
    "TaxAmount",
    "Total",
    "AmountPaid",
    "Balance",
    "Memo",
  ],
  xero: [
    "ContactName",
    "EmailAddress",
    "InvoiceNumber",
    "Type",
    "Reference",
    "InvoiceDate",
    "DueDate",
    "Status",
    "Currency",
    "SubTotal",
    "TaxTotal",
    "Total",
    "InvoiceAmountPaid",
    "InvoiceAmountDue",
  ],
  plain: [
    "Number",
    "Type",
    "Customer",
    "Email",
    "Issued on",
    "Due on",
    "Status",
    "Currency",
    "Subtotal",
    "Tax",
    "Total",
    "Paid",
    "Credited",
    "Balance",
    "Note",
  ],
};

const balanceOf = (row: InvoiceRow) => (row.status === "void" ? 0 : row.total - row.paid - row.credited);

function invoiceCells(row: InvoiceRow, context: ExportContext): Cell[] {
  const money = (amount: number) => amountCell(amount, row.currency);
  const date = (value: string) => toolDate(value, context);
  const customer = row.billTo?.name ?? "";
  const isVoid = row.status === "void";
  switch (context.format) {
    case "quickbooks":
      // QuickBooks keeps a voided invoice's number with every amount at zero.
      return [
        String(row.number),
        "Invoice",
        customer,
        date(row.issuedOn),
        date(row.dueOn),
        quickbooksTerms(daysBetween(row.issuedOn, row.dueOn)),
        QUICKBOOKS_STATUS[row.status as InvoiceStatus],
        row.currency,
        money(isVoid ? 0 : row.subtotal),
        money(isVoid ? 0 : row.tax),
        money(isVoid ? 0 : row.total),
        money(isVoid ? 0 : row.paid),
        money(balanceOf(row)),
        isVoid ? `Voided: ${row.voidReason ?? ""}` : "",
      ];
    case "xero":
      // Xero keeps a voided invoice's amounts and leaves it out of its reports: nothing is due.
      return [
        customer,
        row.billTo?.email ?? "",
        String(row.number),
        "Sales invoice",
        isVoid ? `Voided: ${row.voidReason ?? ""}` : "",
        date(row.issuedOn),
        date(row.dueOn),
        XERO_STATUS[row.status as InvoiceStatus],
        row.currency,
        money(row.subtotal),
        money(row.tax),
        money(row.total),
        money(row.paid),
        money(balanceOf(row)),
      ];
    case "plain":
      return [
        String(row.number),
        "Invoice",
        customer,
        row.billTo?.email ?? "",
        row.issuedOn,
        row.dueOn,
        row.status,
        row.currency,
        money(row.subtotal),
        money(row.tax),
        money(row.total),
        money(row.paid),
        money(row.credited),
        money(balanceOf(row)),
        row.voidReason ?? "",
      ];
  }
}

/**
 * A credit note carries one amount, tax included, taken off its invoice's balance. QuickBooks
 * and plain show it negative (a credit memo in the sales list); Xero writes credit notes
 * positive with their own type, fully allocated to the invoice (PAID).
 */
function creditNoteCells(row: CreditNoteRow, context: ExportContext): Cell[] {
  const money = (amount: number) => amountCell(amount, row.currency);
  const customer = row.billTo?.name ?? "";
  const number = creditNoteNumber(row.number);
  const note = `Credit for invoice ${row.invoiceNumber}: ${row.reason}`;
  switch (context.format) {
    case "quickbooks":
      return [
        number,
        "Credit Memo",
        customer,
        toolDate(row.issuedOn, context),
        "",
        "",
        "Closed",
        row.currency,
        "",
        "",
        money(-row.amount),
        "",
        "",
        note,
      ];
    case "xero":
      return [
        customer,
        row.billTo?.email ?? "",
        number,
        "Sales credit note",
        note,
        toolDate(row.issuedOn, context),
        "",
        "PAID",
        row.currency,
        "",
        "",
        money(row.amount),
        "",
        money(0),
      ];
    case "plain":
      return [
        number,
        "Credit note",
        customer,
        row.billTo?.email ?? "",
        row.issuedOn,
        "",
        "",
        row.currency,
        "",
        "",
        money(-row.amount),
        "",
        "",
        "",
        note,
      ];
  }
}

type Document = { invoice: InvoiceRow } | { creditNote: CreditNoteRow };

/** Invoices and credit notes by date; on one day the invoices first. */
export function invoiceDocuments(context: ExportContext): AsyncIterable<Document> {
  const wrapInvoices = async function* () {
    for await (const invoice of invoiceRows(context)) yield { invoice };
  };
  const wrapNotes = async function* () {
    for await (const creditNote of creditNoteRows(context)) yield { creditNote };
  };
  return mergeOrdered(wrapInvoices(), wrapNotes(), (a, b) => a.invoice.issuedOn <= b.creditNote.issuedOn);
}

export const documentCells = (document: Document, context: ExportContext) =>
  "invoice" in document
    ? invoiceCells(document.invoice, context)
    : creditNoteCells(document.creditNote, context);
