/**
 * Exports for the accountant (docs/money.md): invoices, their lines and the payments of a
 * period as CSV, in the columns QuickBooks Online or Xero import, or plain. A period is two
 * calendar dates, both included, read in the company's time zone.
 */
import { z } from "zod";
import { daysBetween } from "../dates";
import { calendarDate, ZCompanyId } from "./common";

export const ACCOUNTING_EXPORT_FORMATS = ["quickbooks", "xero", "plain"] as const;
export type AccountingExportFormat = (typeof ACCOUNTING_EXPORT_FORMATS)[number];

/** The three files: GET /api/exports/<kind>.csv */
export const ACCOUNTING_EXPORT_KINDS = ["invoices", "invoice-lines", "payments"] as const;
export type AccountingExportKind = (typeof ACCOUNTING_EXPORT_KINDS)[number];

/** A year at most per file (a leap year's 366 days): the accountant's usual period. */
export const ACCOUNTING_EXPORT_MAX_DAYS = 366;
export const ACCOUNTING_EXPORT_TO_BEFORE_FROM = "To must be on or after from";
export const ACCOUNTING_EXPORT_RANGE_TOO_LONG = `The period can be at most ${ACCOUNTING_EXPORT_MAX_DAYS} days`;
export const ACCOUNTING_EXPORT_FORMAT_INVALID = `Format must be one of ${ACCOUNTING_EXPORT_FORMATS.join(", ")}`;

/** GET /api/exports/{invoices,invoice-lines,payments}.csv?companyId=&from=&to=&format= */
export const ZAccountingExportQuery = z
  .object({
    companyId: ZCompanyId.optional(),
    from: calendarDate("From"),
    to: calendarDate("To"),
    format: z.enum(ACCOUNTING_EXPORT_FORMATS, { message: ACCOUNTING_EXPORT_FORMAT_INVALID }).default("plain"),
  })
  .superRefine((value, context) => {
    const days = daysBetween(value.from, value.to) + 1;
    if (days < 1)
      context.addIssue({ code: "custom", path: ["to"], message: ACCOUNTING_EXPORT_TO_BEFORE_FROM });
    else if (days > ACCOUNTING_EXPORT_MAX_DAYS)
      context.addIssue({ code: "custom", path: ["to"], message: ACCOUNTING_EXPORT_RANGE_TOO_LONG });
  });
export type TAccountingExportQuery = z.infer<typeof ZAccountingExportQuery>;

/** "invoices-2026-11-01-to-2026-11-30-xero.csv" */
export const accountingExportFilename = (
  kind: AccountingExportKind,
  query: Pick<TAccountingExportQuery, "from" | "to" | "format">,
) => `${kind}-${query.from}-to-${query.to}-${query.format}.csv`;
