/** Invoices, their lines and credit notes as the API answers them (docs/money.md). */
import type { CreditNoteDTO, InvoiceDTO, InvoiceStatus, InvoiceSummaryDTO } from "@sched/shared-types";
import type { creditNotes, invoiceLines, invoices } from "../db/schema";
import { fromThousandths } from "./money";

type InvoiceRow = typeof invoices.$inferSelect;

export const presentCreditNote = (row: typeof creditNotes.$inferSelect): CreditNoteDTO => ({
  id: row.id,
  invoiceId: row.invoiceId,
  number: row.number,
  amount: { amount: row.amount, currency: row.currency },
  reason: row.reason,
  issuedOn: row.issuedOn,
  createdAt: row.createdAt.toISOString(),
});

export function presentInvoiceSummary(row: InvoiceRow, jobIds: string[]): InvoiceSummaryDTO {
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    id: row.id,
    companyId: row.companyId,
    number: row.number,
    status: row.status as InvoiceStatus,
    customerId: row.customerId,
    billTo: row.billTo ?? null,
    jobIds,
    pricesIncludeTax: row.pricesIncludeTax,
    subtotal: money(row.subtotal),
    tax: money(row.tax),
    total: money(row.total),
    paid: money(row.paid),
    credited: money(row.credited),
    balance: money(row.total - row.paid - row.credited),
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    sentAt: row.sentAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentInvoice(
  row: InvoiceRow,
  jobIds: string[],
  lines: (typeof invoiceLines.$inferSelect)[],
  notes: (typeof creditNotes.$inferSelect)[],
): InvoiceDTO {
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    ...presentInvoiceSummary(row, jobIds),
    lines: lines.map((line) => ({
      id: line.id,
      jobId: line.jobId,
      name: line.name,
      quantity: fromThousandths(line.quantityThousandths),
      unitPrice: money(line.unitPrice),
      taxPercent: line.taxPercentThousandths === null ? null : fromThousandths(line.taxPercentThousandths),
      taxRateName: line.taxRateName,
      net: money(line.net),
      tax: money(line.tax),
      gross: money(line.gross),
    })),
    creditNotes: notes.map(presentCreditNote),
  };
}
