/** Payments with their refunds as the API answers them (docs/money.md). */
import type { InvoiceStatus, PaymentAnswerDTO, PaymentDTO } from "@sched/shared-types";
import type { invoices, paymentRefunds, payments } from "../db/schema";

export function presentPayment(
  row: typeof payments.$inferSelect,
  refunds: (typeof paymentRefunds.$inferSelect)[],
): PaymentDTO {
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    id: row.id,
    companyId: row.companyId,
    invoiceId: row.invoiceId,
    amount: money(row.amount),
    method: row.method,
    reference: row.reference,
    receivedOn: row.receivedOn,
    refunded: money(row.refunded),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: money(refund.amount),
      createdAt: refund.createdAt.toISOString(),
    })),
    recordedBy: row.recordedBy,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Where the invoice stands after a payment or a refund. */
export function presentPaymentAnswer(
  payment: PaymentDTO,
  invoice: typeof invoices.$inferSelect,
): PaymentAnswerDTO {
  const money = (amount: number) => ({ amount, currency: invoice.currency });
  return {
    payment,
    invoice: {
      id: invoice.id,
      number: invoice.number,
      status: invoice.status as InvoiceStatus,
      paid: money(invoice.paid),
      balance: money(invoice.total - invoice.paid - invoice.credited),
      version: invoice.version,
    },
  };
}
