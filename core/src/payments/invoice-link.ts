/**
 * The link to an invoice's page (docs/invoice-page.md): made when the invoice is sent, the
 * same link on every later call until the office revokes it. It works until a year after
 * the invoice's due date: long enough to pay late or to find the receipt again.
 */
import { addDays, INVOICE_LINK_NOT_VALID } from "@sched/shared-types";
import { and, eq, isNull } from "drizzle-orm";
import { config } from "../config";
import { db, type Executor } from "../db/client";
import { invoiceLinks, invoices } from "../db/schema";
import { NotFound } from "../errors";
import { invoiceToken, linkIdOfInvoiceToken } from "./invoice-token";

export const INVOICE_LINK_DAYS_AFTER_DUE = 365;

export const invoicePagePath = (token: string) => `/invoice/${token}`;

/** The absolute URL of the invoice's page; `executor` may be the sending transaction. */
export async function invoiceLink(
  executor: Executor,
  invoice: { companyId: string; id: string },
): Promise<{ url: string; token: string }> {
  const current = and(
    eq(invoiceLinks.companyId, invoice.companyId),
    eq(invoiceLinks.invoiceId, invoice.id),
    isNull(invoiceLinks.revokedAt),
  );
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [found] = await executor.select({ id: invoiceLinks.id }).from(invoiceLinks).where(current);
    const [made] = found
      ? [found]
      : await executor
          .insert(invoiceLinks)
          .values({ companyId: invoice.companyId, invoiceId: invoice.id })
          .onConflictDoNothing()
          .returning({ id: invoiceLinks.id });
    if (made) {
      const token = invoiceToken(made.id);
      return { url: `${config.appUrl}${invoicePagePath(token)}`, token };
    }
  }
  throw new Error(`no invoice link could be made for invoice ${invoice.id}`);
}

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLinkRow = typeof invoiceLinks.$inferSelect;

const invalidLink = () => new NotFound(INVOICE_LINK_NOT_VALID);

/**
 * The link and its invoice, or one 404 whatever was wrong (malformed, forged, revoked,
 * expired, a draft): the answer never says which. `lock` locks the invoice's row (in a
 * transaction). Everything is read by the link's own company id.
 */
export async function openInvoiceLink(
  token: string,
  { executor = db, lock = false, now = new Date() }: { executor?: Executor; lock?: boolean; now?: Date } = {},
): Promise<{ link: InvoiceLinkRow; invoice: InvoiceRow }> {
  const linkId = linkIdOfInvoiceToken(token);
  if (!linkId) throw invalidLink();
  const [link] = await executor
    .select()
    .from(invoiceLinks)
    .where(and(eq(invoiceLinks.id, linkId), isNull(invoiceLinks.revokedAt)));
  if (!link) throw invalidLink();
  const query = executor
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, link.invoiceId), eq(invoices.companyId, link.companyId)));
  const [invoice] = lock ? await query.for("update") : await query;
  if (!invoice || invoice.sentAt === null) throw invalidLink();
  const expiresAt = new Date(`${addDays(invoice.dueOn, INVOICE_LINK_DAYS_AFTER_DUE + 1)}T00:00:00Z`);
  if (now.getTime() >= expiresAt.getTime()) throw invalidLink();
  return { link, invoice };
}
