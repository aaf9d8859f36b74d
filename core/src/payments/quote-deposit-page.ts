/**
 * Paying a quote's deposit from the customer's quote page (docs/quotes.md, "Deposit"): by
 * card through Stripe Checkout once the quote is approved, or demo mode's step, recorded by
 * the same code as the webhook (./quote-deposit.ts). Read through the quote's link only.
 */
import { randomUUID } from "node:crypto";
import {
  CARD_PAYMENTS_NOT_SET_UP,
  type CardCheckoutDTO,
  DEMO_CARD_PAYMENTS_ONLY,
  type Money,
  type PublicQuoteDTO,
  QUOTE_ALREADY_DECLINED,
  QUOTE_DEPOSIT_NOT_APPROVED,
  QUOTE_DEPOSIT_NOT_ASKED,
  QUOTE_DEPOSIT_PAID,
  QUOTE_EXPIRED,
  type QuoteDTO,
  quoteLabel,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { publicView, quoteOfToken } from "../commands/answer-quote";
import { config } from "../config";
import { db } from "../db/client";
import { companies } from "../db/schema";
import { Conflict, NotFound, Unavailable } from "../errors";
import { depositDueOf } from "../presenters/quotes";
import { quoteDetail } from "../queries/quotes";
import { cardMode, startCardCheckout } from "./card-checkout";
import { announceQuoteDeposit, recordQuoteDeposit } from "./quote-deposit";

/** What is still to pay of the deposit, or 409 saying why nothing can be paid now. */
function depositDue(quote: QuoteDTO): Money {
  if (!quote.deposit) throw new Conflict(QUOTE_DEPOSIT_NOT_ASKED);
  if (quote.status === "declined") throw new Conflict(QUOTE_ALREADY_DECLINED);
  if (quote.status === "expired") throw new Conflict(QUOTE_EXPIRED);
  if (quote.status !== "approved") throw new Conflict(QUOTE_DEPOSIT_NOT_APPROVED);
  const due = depositDueOf(quote);
  if (!due) throw new Conflict(quote.depositPaid ? QUOTE_DEPOSIT_PAID : QUOTE_DEPOSIT_NOT_ASKED);
  return due;
}

/** POST /api/public/quotes/:token/deposit: the deposit by card, through Stripe Checkout (or the demo step). */
export async function startQuoteDeposit(token: string): Promise<CardCheckoutDTO> {
  const row = await quoteOfToken(db, token, false);
  const quote = await quoteDetail(row);
  const due = depositDue(quote);
  if (cardMode() === "unavailable") throw new Unavailable(CARD_PAYMENTS_NOT_SET_UP);
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, row.companyId));
  return startCardCheckout({
    companyId: row.companyId,
    purpose: { kind: "quote_deposit", quoteId: row.id },
    amount: due,
    description: `Deposit on quote ${quoteLabel(row.number)} from ${company?.name ?? "us"}`,
    returnUrl: `${config.appUrl}/quote/${token}`,
    // A double tap gets the same session; what is still due changing makes a new one.
    idempotencyKey: `card-checkout-quote-deposit-${row.id}-v${row.version}-${due.amount}`,
  });
}

/**
 * POST /api/public/quotes/:token/demo-deposit: demo mode's stand-in for Stripe's webhook,
 * recording what is due of the deposit by the same code (refused outside demo mode).
 */
export async function payQuoteDepositInDemo(token: string): Promise<PublicQuoteDTO> {
  if (cardMode() !== "demo") throw new NotFound(DEMO_CARD_PAYMENTS_ONLY);
  const done = await db.transaction(async (tx) => {
    const locked = await quoteOfToken(tx, token, true);
    const due = depositDue(await quoteDetail(locked, tx));
    return recordQuoteDeposit(tx, {
      companyId: locked.companyId,
      quoteId: locked.id,
      amount: due.amount,
      currency: due.currency,
      paymentIntentId: `demo_${randomUUID()}`,
      checkoutSessionId: null,
    });
  });
  if (!done) throw new Conflict(QUOTE_DEPOSIT_PAID);
  await announceQuoteDeposit(done);
  return publicView(done.quote);
}
