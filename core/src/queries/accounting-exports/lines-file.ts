/**
 * invoice-lines.csv: one row per invoice line, the invoice's fields repeated on each, the
 * shape both tools import invoices from (QuickBooks Online: Import data → Invoices; Xero:
 * Sales → Invoices → Import). Credit notes are not lines of an invoice: they are in
 * invoices.csv (docs/money.md, "Exports for the accountant").
 */
import { type AccountingExportFormat, daysBetween } from "@sched/shared-types";
import { type Cell, decimal } from "./cells";
import type { LineRow } from "./documents";
import {
  amountCell,
  type ExportContext,
  quantityText,
  quickbooksTerms,
  toolDate,
  XERO_SALES_ACCOUNT,
} from "./format";

export const LINES_HEADERS: Record<AccountingExportFormat, string[]> = {
  quickbooks: [
    "InvoiceNo",
    "Customer",
    "InvoiceDate",
    "DueDate",
    "Terms",
    "Memo",
    "ItemDescription",
    "ItemQuantity",
    "ItemRate",
    "ItemAmount",
    "ItemTaxCode",
    "ItemTaxAmount",
    "Currency",
  ],
  // Xero's sales invoice template names its required columns with a leading *.
  xero: [
    "*ContactName",
    "EmailAddress",
    "*InvoiceNumber",
    "Reference",
    "*InvoiceDate",
    "*DueDate",
    "*Description",
    "*Quantity",
    "*UnitAmount",
    "Discount",
    "*AccountCode",
    "*TaxType",
    "TaxAmount",
    "Currency",
  ],
  plain: [
    "Invoice",
    "Issued on",
    "Status",
    "Customer",
    "Line",
    "Description",
    "Quantity",
    "Unit price",
    "Prices include tax",
    "Tax rate",
    "Tax percent",
    "Net",
    "Tax",
    "Gross",
    "Currency",
  ],
};

/**
 * QuickBooks US knows two sales tax codes, TAX and NON; elsewhere a line names its rate as
 * the company named it, which the accountant matches to a QuickBooks tax code.
 */
function quickbooksTaxCode(row: LineRow, country: string): string {
  if (country === "US") return row.taxPercentThousandths ? "TAX" : "NON";
  return row.taxRateName ?? "";
}

/** A line's cells; null leaves it out of the file (a void invoice for Xero). */
export function lineCells(row: LineRow, context: ExportContext): Cell[] | null {
  const money = (amount: number) => amountCell(amount, row.currency);
  const date = (value: string) => toolDate(value, context);
  const customer = row.billTo?.name ?? "";
  const isVoid = row.status === "void";
  // The amount as the prices were entered: with tax when the company prices with tax.
  const entered = row.pricesIncludeTax ? row.gross : row.net;
  switch (context.format) {
    case "quickbooks":
      // A voided invoice in QuickBooks keeps its number and lines, every amount zero.
      return [
        String(row.number),
        customer,
        date(row.issuedOn),
        date(row.dueOn),
        quickbooksTerms(daysBetween(row.issuedOn, row.dueOn)),
        isVoid ? `Voided: ${row.voidReason ?? ""}` : "",
        row.name,
        isVoid ? "0" : decimal(quantityText(row.quantityThousandths)),
        money(row.unitPrice),
        money(isVoid ? 0 : entered),
        quickbooksTaxCode(row, context.country),
        money(isVoid ? 0 : row.lineTax),
        row.currency,
      ];
    case "xero":
      // Xero's import makes new invoices and cannot void one: a void invoice has no effect on the books.
      if (isVoid) return null;
      return [
        customer,
        row.billTo?.email ?? "",
        String(row.number),
        "",
        date(row.issuedOn),
        date(row.dueOn),
        row.name,
        decimal(quantityText(row.quantityThousandths)),
        money(row.unitPrice),
        "",
        XERO_SALES_ACCOUNT,
        row.taxRateName ?? "",
        // The tax rounded on this line: Xero then totals what the customer was billed.
        money(row.lineTax),
        row.currency,
      ];
    case "plain":
      return [
        String(row.number),
        row.issuedOn,
        row.status,
        customer,
        String(row.position + 1),
        row.name,
        decimal(quantityText(row.quantityThousandths)),
        money(row.unitPrice),
        row.pricesIncludeTax ? "yes" : "no",
        row.taxRateName ?? "",
        row.taxPercentThousandths === null ? "" : decimal(quantityText(row.taxPercentThousandths)),
        money(row.net),
        money(row.lineTax),
        money(row.gross),
        row.currency,
      ];
  }
}
