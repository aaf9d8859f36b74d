/**
 * The mail outbox's senders for invoices (docs/money.md): `invoice_sent` (the invoice and
 * its PDF) and `invoice_reminder` (an overdue reminder). The outbox holds the row's lock
 * while they send and marks it done with their outcome (docs/reliability.md), so each
 * e-mail leaves once; a reminder whose invoice was paid or voided since is dropped.
 */
import { invoiceTextNumber } from "@sched/core/commands/send-invoice";
import { markReminderSent } from "@sched/core/commands/sweep-invoices-due";
import { loadInvoiceMail, loadReminderMail } from "@sched/core/queries/invoice-mail";
import { textProvider } from "@sched/core/texts/provider";
import { CUSTOMER_TEXT_OPT_OUT_LINE, formatMoney } from "@sched/shared-types";
import { renderInvoiceEmail, renderReminderEmail } from "../mail/invoice";
import { inertName } from "../mail/layout";
import { sendMail } from "../mail/transport";

export async function sendInvoiceEmail(invoiceId: string): Promise<string> {
  const found = await loadInvoiceMail(invoiceId);
  if (!found) return "gone";
  const to = found.invoice.billTo?.email;
  if (!to) return "no-address";
  if (found.invoice.status === "void") return "void";
  await sendMail({
    to,
    ...renderInvoiceEmail(found),
    attachments: [
      { filename: `invoice-${found.invoice.number}.pdf`, content: found.pdf, contentType: "application/pdf" },
    ],
  } as Parameters<typeof sendMail>[0]);
  return "sent";
}

export async function sendInvoiceReminder(reminderId: string): Promise<string> {
  const found = await loadReminderMail(reminderId);
  if (!found) return "gone";
  if (found.reminder.sentAt) return "already-sent";
  if (found.invoice.status === "paid" || found.invoice.status === "void") return found.invoice.status;
  await sendMail({ to: found.reminder.recipient, ...renderReminderEmail(found) });
  await markReminderSent(reminderId);
  return "sent";
}

/**
 * `invoice_text`: the invoice page's link by text message (docs/invoice-page.md), to the
 * customer's mobile number as it is now; dropped when the number is gone or opted out.
 */
export async function sendInvoiceText(invoiceId: string): Promise<string> {
  const found = await loadInvoiceMail(invoiceId);
  if (!found?.payUrl) return "gone";
  if (found.invoice.status === "void") return "void";
  const to = await invoiceTextNumber(found.invoice);
  if (!to) return "no-number";
  const { invoice, locale } = found;
  const body = `${inertName(found.companyName)}: invoice ${invoice.number} for ${formatMoney(invoice.total, locale)}. View and pay: ${found.payUrl}\n${CUSTOMER_TEXT_OPT_OUT_LINE}`;
  await textProvider().send({ to, body, reference: invoiceId });
  return "sent";
}
