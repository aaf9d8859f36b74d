/**
 * What the worker needs to e-mail an invoice or an overdue reminder (docs/money.md): the
 * invoice as it is now, its company's name and locale, the address, and the PDF.
 */
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { companies, invoiceReminders, invoices } from "../db/schema";
import { invoiceLink } from "../payments/invoice-link";
import { loadCompanySettings } from "./company-settings";
import { invoiceDetail, invoicePdfOf } from "./invoices";

async function factsOf(row: typeof invoices.$inferSelect) {
  const [[company], settings, invoice] = await Promise.all([
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId)),
    loadCompanySettings(row.companyId),
    invoiceDetail(row),
  ]);
  // The customer's page, to view and pay (docs/invoice-page.md): the same link the send answered.
  const payUrl = row.sentAt ? (await invoiceLink(db, row)).url : null;
  return { companyName: company.name, locale: `en-${settings.country}`, invoice, payUrl };
}

/** The invoice to send, with its PDF; undefined when it is gone. */
export async function loadInvoiceMail(invoiceId: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) return undefined;
  return { ...(await factsOf(row)), pdf: await invoicePdfOf(row) };
}

/** The reminder with its invoice as it is now; undefined when either is gone. */
export async function loadReminderMail(reminderId: string) {
  const [found] = await db
    .select({ reminder: invoiceReminders, invoice: invoices })
    .from(invoiceReminders)
    .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
    .where(eq(invoiceReminders.id, reminderId));
  if (!found) return undefined;
  return { reminder: found.reminder, ...(await factsOf(found.invoice)) };
}
