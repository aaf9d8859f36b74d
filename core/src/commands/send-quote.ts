/**
 * Sending a quote (docs/quotes.md): `POST /api/quotes/:id/send {channel?}` marks it sent
 * and owes its customer the signed link, by e-mail or by text, in the mail outbox in the same
 * transaction (docs/reliability.md): the worker sends it once. A resend (after a change) owes
 * it again. Without an address or a number the link is only answered, for the office to pass on.
 */
import {
  QUOTE_ALREADY_APPROVED,
  QUOTE_ALREADY_DECLINED,
  QUOTE_EXPIRED,
  QUOTE_NO_EMAIL,
  QUOTE_NO_PHONE,
  type QuoteSendResultDTO,
  type TQuoteSend,
} from "@sched/shared-types";
import { and, eq, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { customers, mailOutbox, type OutboxMailKind, quotes } from "../db/schema";
import { BadRequest, Conflict } from "../errors";
import { textNumberOf } from "../lib/phones";
import { logger } from "../logger";
import { hintMail } from "../mail-outbox/record";
import { quoteStatusOn } from "../presenters/quotes";
import { loadCompanySettings } from "../queries/company-settings";
import { companyToday, quoteDetail } from "../queries/quotes";
import { quoteLink } from "../quotes/quote-token";
import { textRefusalOf } from "../texts/opt-out";
import { announceQuote } from "./quote-events";
import { lockQuote } from "./save-quote";
import { nextVersion } from "./versions";

type QuoteRow = typeof quotes.$inferSelect;

/** The customer's number for texts as it is now, or null (none, not mobile-shaped, or opted out). */
export async function quoteTextNumber(
  quote: Pick<QuoteRow, "customerId" | "companyId">,
  executor: Executor = db,
): Promise<string | null> {
  const [customer] = await executor
    .select({ phone: customers.phoneNormalized })
    .from(customers)
    .where(and(eq(customers.id, quote.customerId), eq(customers.companyId, quote.companyId)));
  const { country } = await loadCompanySettings(quote.companyId, executor);
  const phone = textNumberOf(customer?.phone ?? null, country);
  if (!phone) return null;
  const refused = await textRefusalOf({ companyId: quote.companyId, customerId: quote.customerId, phone });
  return refused ? null : phone;
}

/** The channel asked for (400 when the customer cannot take it), else e-mail, else text, else none. */
async function channelFor(executor: Executor, quote: QuoteRow, asked: TQuoteSend["channel"]) {
  const [customer] = await executor
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, quote.customerId));
  const hasEmail = Boolean(customer?.email);
  if (asked === "email" && !hasEmail)
    throw new BadRequest(QUOTE_NO_EMAIL, [{ path: "channel", message: QUOTE_NO_EMAIL }]);
  if (asked === "email" || (!asked && hasEmail)) return "email";
  const phone = await quoteTextNumber(quote, executor);
  if (asked === "text" && !phone)
    throw new BadRequest(QUOTE_NO_PHONE, [{ path: "channel", message: QUOTE_NO_PHONE }]);
  return phone ? "text" : "none";
}

/**
 * Owes the message in the outbox; a row already done (an earlier send) is owed again, and one
 * being sent right now is waited for (its row lock) and then owed again too.
 */
async function oweMessage(tx: Executor, kind: OutboxMailKind, quote: QuoteRow) {
  await tx
    .insert(mailOutbox)
    .values({ kind, subjectId: quote.id, companyId: quote.companyId })
    .onConflictDoUpdate({
      target: [mailOutbox.kind, mailOutbox.subjectId],
      set: { sentAt: null, outcome: null, attempts: 0, lastError: null, nextAttemptAt: sql`now()` },
    });
}

export async function sendQuote(
  member: { companyId: string; userId: string },
  id: string,
  input: TQuoteSend,
): Promise<QuoteSendResultDTO> {
  const today = await companyToday(member.companyId);
  const done = await db.transaction(async (tx) => {
    const locked = await lockQuote(tx, id, input.version);
    const status = quoteStatusOn(locked, today);
    if (status === "approved") throw new Conflict(QUOTE_ALREADY_APPROVED);
    if (status === "declined") throw new Conflict(QUOTE_ALREADY_DECLINED);
    if (status === "expired") throw new Conflict(QUOTE_EXPIRED);
    const channel = await channelFor(tx, locked, input.channel);
    const [row] = await tx
      .update(quotes)
      .set({
        status: locked.status === "draft" ? "sent" : locked.status,
        sentAt: new Date(),
        ...nextVersion(locked, member.userId),
      })
      .where(eq(quotes.id, id))
      .returning();
    const kind: OutboxMailKind | undefined =
      channel === "email" ? "quote_sent" : channel === "text" ? "quote_text" : undefined;
    if (kind) await oweMessage(tx, kind, row);
    return { kind, quote: await quoteDetail(row, tx, today) };
  });
  if (done.kind)
    await hintMail(done.kind, id).catch((error: unknown) =>
      logger.warn({ err: error, quoteId: id }, "quote message left to the outbox's poll"),
    );
  announceQuote(done.quote);
  return { url: quoteLink(id), quote: done.quote };
}
