/**
 * GET /api/exports/{invoices,invoice-lines,payments}.csv (docs/money.md, "Exports for the
 * accountant"): the file as chunks of CSV text, header first, read a page at a time.
 */
import type { AccountingExportKind, TAccountingExportQuery } from "@sched/shared-types";
import type { CompanyAccess } from "../../policies/company-access";
import { assertReadsMoney } from "../../policies/money-reading";
import { loadCompanySettings } from "../company-settings";
import { depositRows } from "./deposit-rows";
import { lineRows, paymentRows, refundRows } from "./documents";
import type { ExportContext } from "./format";
import { documentCells, INVOICES_HEADERS, invoiceDocuments } from "./invoices-file";
import { LINES_HEADERS, lineCells } from "./lines-file";
import { csvChunks, mergeOrdered } from "./paging";
import { movementCells, PAYMENTS_HEADERS } from "./payments-file";

/**
 * Owners and admins (the role table's manageMoney, also after a trial ends, like every
 * reading): checked, and the company's zone and country read, before the first byte is sent.
 */
export async function accountingExport(
  member: CompanyAccess,
  kind: AccountingExportKind,
  query: TAccountingExportQuery,
): Promise<AsyncIterable<string>> {
  assertReadsMoney(member);
  const { timeZone, country } = await loadCompanySettings(member.companyId);
  const context: ExportContext = {
    companyId: member.companyId,
    format: query.format,
    from: query.from,
    to: query.to,
    timeZone,
    country,
  };
  switch (kind) {
    case "invoices":
      return csvChunks(INVOICES_HEADERS[context.format], invoiceDocuments(context), (document) =>
        documentCells(document, context),
      );
    case "invoice-lines":
      return csvChunks(LINES_HEADERS[context.format], lineRows(context), (row) => lineCells(row, context));
    case "payments":
      return csvChunks(
        PAYMENTS_HEADERS[context.format],
        // Payments before refunds on one day: a refund follows what it gives back.
        mergeOrdered(
          mergeOrdered(
            paymentRows(context),
            depositRows(context),
            (payment, deposit) => payment.date <= deposit.date,
          ),
          refundRows(context),
          (payment, refund) => payment.date <= refund.date,
        ),
        (row) => movementCells(row, context),
      );
  }
}
