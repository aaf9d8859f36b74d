/**
 * Sending an invoice (docs/money.md, docs/invoice-page.md): `POST /api/invoices/:id/send`
 * marks it sent (from then on it can be overdue and reminded), makes its page's signed link,
 * and owes the customer that link in the mail outbox, in the same transaction: an e-mail
 * with the PDF when they have an address, else a text when they have a mobile number (or
 * the channel asked for). The worker sends it once.
 */
import {
  dateIn,
  INVOICE_ALREADY_SENT,
  INVOICE_NOT_FOUND,
  INVOICE_VOID,
  type InvoiceSendChannel,
  type InvoiceSentDTO,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { customers, invoices, type OutboxMailKind } from "../db/schema";
import { BadRequest, Conflict, NotFound } from "../errors";
import { textNumberOf } from "../lib/phones";
import { logger } from "../logger";
import { hintMail, recordMail } from "../mail-outbox/record";
import { invoiceLink } from "../payments/invoice-link";
import type { CompanyAccess } from "../policies/company-access";
import { loadCompanySettings } from "../queries/company-settings";
import { invoiceDetail } from "../queries/invoices";
import { textRefusalOf } from "../texts/opt-out";
import { announceInvoice } from "./invoice-events";
import { settleInvoice } from "./invoice-settlement";
import { assertCurrentVersion } from "./versions";

export const INVOICE_NO_EMAIL = "This customer has no e-mail address";
export const INVOICE_NO_TEXT_NUMBER = "This customer has no mobile number that takes texts";

type InvoiceRow = typeof invoices.$inferSelect;

/** The customer's mobile number in E.164 when texts may go to it. */
export async function invoiceTextNumber(
  invoice: Pick<InvoiceRow, "customerId" | "companyId">,
  executor: Executor = db,
): Promise<string | null> {
  if (!invoice.customerId) return null;
  const [customer] = await executor
    .select({ phone: customers.phoneNormalized })
    .from(customers)
    .where(and(eq(customers.id, invoice.customerId), eq(customers.companyId, invoice.companyId)));
  const { country } = await loadCompanySettings(invoice.companyId, executor);
  const phone = textNumberOf(customer?.phone ?? null, country);
  if (!phone) return null;
  const refused = await textRefusalOf({
    companyId: invoice.companyId,
    customerId: invoice.customerId,
    phone,
  });
  return refused ? null : phone;
}

/** How the link goes out: the channel asked for (400 when the customer cannot take it), else e-mail, else text. */
async function channelFor(
  executor: Executor,
  invoice: InvoiceRow,
  asked: InvoiceSendChannel | undefined,
): Promise<"email" | "text" | "none"> {
  const hasEmail = Boolean(invoice.billTo?.email);
  if (asked === "email" && !hasEmail)
    throw new BadRequest(INVOICE_NO_EMAIL, [{ path: "channel", message: INVOICE_NO_EMAIL }]);
  if (asked === "email" || (!asked && hasEmail)) return "email";
  const phone = await invoiceTextNumber(invoice, executor);
  if (asked === "text" && !phone)
    throw new BadRequest(INVOICE_NO_TEXT_NUMBER, [{ path: "channel", message: INVOICE_NO_TEXT_NUMBER }]);
  return phone ? "text" : "none";
}

export async function sendInvoice(
  member: CompanyAccess,
  id: string,
  expectedVersion?: number,
  channel?: InvoiceSendChannel,
): Promise<InvoiceSentDTO> {
  const { timeZone } = await loadCompanySettings(member.companyId);
  const today = dateIn(new Date(), timeZone);
  const done = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!locked) throw new NotFound(INVOICE_NOT_FOUND);
    await assertCurrentVersion(tx, locked, expectedVersion, "invoice", () => invoiceDetail(locked, tx));
    if (locked.status === "void") throw new Conflict(INVOICE_VOID);
    if (locked.sentAt) throw new Conflict(INVOICE_ALREADY_SENT);
    const sentBy = await channelFor(tx, locked, channel);
    const settled = await settleInvoice(tx, locked, { sentAt: new Date() }, today, member.userId);
    const { url } = await invoiceLink(tx, locked);
    const kind: OutboxMailKind | null =
      sentBy === "email" ? "invoice_sent" : sentBy === "text" ? "invoice_text" : null;
    if (kind) await recordMail(tx, { kind, subjectId: id, companyId: member.companyId });
    return { ...settled, kind, detail: { ...(await invoiceDetail(settled.invoice, tx)), url, sentBy } };
  });
  if (done.kind)
    await hintMail(done.kind, id).catch((error: unknown) =>
      logger.warn({ err: error, invoiceId: id }, "invoice message left to the outbox's poll"),
    );
  await announceInvoice(member, done.invoice, done.changedJobs);
  return done.detail;
}
