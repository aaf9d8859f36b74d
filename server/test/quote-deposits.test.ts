/**
 * A quote's deposit (docs/quotes.md, "Deposit"): asked by the office as a percent or an
 * amount, paid by card on the quote page once approved (Stripe Checkout on stripe-stub.ts),
 * recorded once whatever Stripe redelivers, and money in on the invoice made from the
 * quote's job, exactly once.
 */
import { db } from "@sched/core/db/client";
import { jobs, payments, quoteDeposits, quotes } from "@sched/core/db/schema";
import {
  QUOTE_ALREADY_DECLINED,
  QUOTE_DEPOSIT_AMOUNT_INVALID,
  QUOTE_DEPOSIT_KIND_INVALID,
  QUOTE_DEPOSIT_NOT_APPROVED,
  QUOTE_DEPOSIT_NOT_ASKED,
  QUOTE_DEPOSIT_PAID,
  QUOTE_DEPOSIT_PERCENT_INVALID,
  QUOTE_EXPIRED,
  QUOTE_NOT_FOUND,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, describe, expect, it, vi } from "vitest";
import { invoicingTenant, usd } from "./invoices-support";
import { quoteCustomer } from "./quote-routes";
import type { StripeStub } from "./stripe-stub";
import { anonymous } from "./support";

const { stub, stubEnv } = await vi.hoisted(async () => {
  const { startStripeStub, stripeEnvFor } = await import("./stripe-stub");
  const started: StripeStub = await startStripeStub();
  const env = stripeEnvFor(started.port);
  Object.assign(process.env, env);
  process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}quote-deposits:`;
  return { stub: started, stubEnv: env };
});

afterAll(async () => {
  await stub.close();
  for (const name of Object.keys(stubEnv)) delete process.env[name];
});

type Deposit =
  | { kind: "percent"; percent: number }
  | { kind: "amount"; amount: { amount: number; currency: string } };

/** A company with a customer; quotes of Good (100.00) and Better (333.33), sent, asking `deposit`. */
async function depositTenant() {
  const tenant = await invoicingTenant();
  const customer = await quoteCustomer(tenant.company.id);
  const body = (deposit: Deposit | null) => ({
    companyId: tenant.company.id,
    customerId: customer.id,
    expiresOn: "2999-12-31",
    deposit,
    options: [
      { name: "Good", lines: [{ name: "Service call", quantity: 1, unitPrice: usd(10_000) }] },
      { name: "Better", lines: [{ name: "Boiler service", quantity: 1, unitPrice: usd(33_333) }] },
    ],
  });
  const sent = async (deposit: Deposit | null) => {
    const made = await tenant.office.post("/api/quotes").send(body(deposit));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const res = await tenant.office.post(`/api/quotes/${made.body.id}/send`).send({ channel: "email" });
    expect(res.status).toBe(200);
    return {
      id: made.body.id as string,
      options: made.body.options as { id: string; deposit: { amount: number } | null }[],
      token: (res.body.url as string).split("/").pop() as string,
    };
  };
  const approve = async (quote: { token: string; options: { id: string }[] }, option = 1) => {
    const res = await anonymous()
      .post(`/api/public/quotes/${quote.token}/approve`)
      .send({ option: quote.options[option].id, name: "Quinn Quote" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  return { ...tenant, customer, body, sent, approve };
}

const deposit = (token: string) => anonymous().post(`/api/public/quotes/${token}/deposit`).send({});

let eventSequence = 0;
/** Stripe's signed delivery of `event`. */
function deliver(event: object) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: stubEnv.STRIPE_WEBHOOK_SECRET,
  });
  return anonymous()
    .post("/api/stripe/webhook")
    .set("Content-Type", "application/json")
    .set("Stripe-Signature", signature)
    .send(payload);
}
const completed = (session: object, type = "checkout.session.completed") => ({
  id: `evt_deposit_${Date.now()}_${++eventSequence}`,
  object: "event",
  type,
  data: { object: session },
});

/** Pay the deposit pressed: the Checkout session the stub made for it. */
async function startCheckout(token: string) {
  const res = await deposit(token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = /\/(cs_stub\d+)$/.exec(res.body.url)?.[1];
  expect(id).toBeDefined();
  return stub.checkoutSessions.get(id as string)!;
}

const depositsOf = (quoteId: string) =>
  db.select().from(quoteDeposits).where(eq(quoteDeposits.quoteId, quoteId));

describe("asking a deposit", () => {
  it("per option: a percent rounded half-even, or an amount never above the total; kept on save", async () => {
    const { office, sent, body } = await depositTenant();
    // 25 % of 100.00 = 25.00; of 333.33 = 83.3325 -> 83.33.
    const quarter = await sent({ kind: "percent", percent: 25 });
    expect(quarter.options.map((option) => option.deposit)).toEqual([usd(2_500), usd(8_333)]);
    // 12.5 % of 333.33 = 41.66625 -> 41.67; of 100.00 = 12.50.
    const eighth = await sent({ kind: "percent", percent: 12.5 });
    expect(eighth.options.map((option) => option.deposit)).toEqual([usd(1_250), usd(4_167)]);
    const fixed = await sent({ kind: "amount", amount: usd(15_000) });
    expect(fixed.options.map((option) => option.deposit)).toEqual([usd(10_000), usd(15_000)]);
    const none = await sent(null);
    expect(none.options.map((option) => option.deposit)).toEqual([null, null]);

    // Changed like every other field: on the version seen (409 stale otherwise).
    const read = await office.get(`/api/quotes/${fixed.id}`);
    expect(read.body).toMatchObject({ deposit: { kind: "amount", amount: usd(15_000) }, depositPaid: null });
    const changed = await office
      .put(`/api/quotes/${fixed.id}`)
      .send({ ...body({ kind: "percent", percent: 50 }), version: read.body.version });
    expect(changed.status).toBe(200);
    expect(changed.body.deposit).toEqual({ kind: "percent", percent: 50 });
    const stale = await office
      .put(`/api/quotes/${fixed.id}`)
      .send({ ...body(null), version: read.body.version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale");
  });

  it("is the office's: a technician 403, another company's quote 404", async () => {
    const { tech, sent, body } = await depositTenant();
    const quote = await sent(null);
    const ask = { kind: "percent" as const, percent: 25 };
    expect((await tech.post("/api/quotes").send(body(ask))).status).toBe(403);
    expect((await tech.put(`/api/quotes/${quote.id}`).send(body(ask))).status).toBe(403);
    const stranger = (await depositTenant()).office;
    const foreign = await stranger.put(`/api/quotes/${quote.id}`).send(body(ask));
    expect([foreign.status, foreign.body.message]).toEqual([404, QUOTE_NOT_FOUND]);
    expect((await stranger.get(`/api/quotes/${quote.id}`)).status).toBe(404);
  });

  it("refuses a deposit of nothing, of another kind or in another currency with the field's words", async () => {
    const { office, body } = await depositTenant();
    const cases: [unknown, string, string][] = [
      [{ kind: "percent", percent: 0 }, QUOTE_DEPOSIT_PERCENT_INVALID, "deposit.percent"],
      [{ kind: "amount", amount: usd(0) }, QUOTE_DEPOSIT_AMOUNT_INVALID, "deposit.amount.amount"],
      [{ kind: "half" }, QUOTE_DEPOSIT_KIND_INVALID, "deposit.kind"],
      [
        { kind: "amount", amount: { amount: 500, currency: "EUR" } },
        "Currency must be the company's (USD)",
        "deposit.amount.currency",
      ],
    ];
    for (const [ask, message, path] of cases) {
      const res = await office.post("/api/quotes").send({ ...body(null), deposit: ask });
      expect(res.status, JSON.stringify(ask)).toBe(400);
      expect(res.body.errors, JSON.stringify(ask)).toContainEqual({ path, message });
    }
  });
});

describe("paying the deposit on the quote page", () => {
  it("only once approved: before, declined, expired or with none asked is 409; a forged link 404", async () => {
    const { sent, approve } = await depositTenant();
    const open = await sent({ kind: "percent", percent: 25 });
    const before = await deposit(open.token);
    expect([before.status, before.body.code, before.body.message]).toEqual([
      409,
      "conflict",
      QUOTE_DEPOSIT_NOT_APPROVED,
    ]);
    await anonymous().post(`/api/public/quotes/${open.token}/decline`).send({ reason: "Too dear" });
    expect((await deposit(open.token)).body.message).toBe(QUOTE_ALREADY_DECLINED);

    const late = await sent({ kind: "percent", percent: 25 });
    await db.update(quotes).set({ expiresOn: "2020-01-01" }).where(eq(quotes.id, late.id));
    expect((await deposit(late.token)).body.message).toBe(QUOTE_EXPIRED);

    const none = await sent(null);
    await approve(none);
    const notAsked = await deposit(none.token);
    expect([notAsked.status, notAsked.body.message]).toEqual([409, QUOTE_DEPOSIT_NOT_ASKED]);

    const forged = await deposit(`${open.id}.${"A".repeat(43)}`);
    expect([forged.status, forged.body.message]).toEqual([404, QUOTE_NOT_FOUND]);
    expect(await depositsOf(open.id)).toEqual([]);
  });

  it("Checkout for the approved option's deposit; a webhook replayed 10 times, also at once, records it once", async () => {
    const { office, sent, approve, company } = await depositTenant();
    const quote = await sent({ kind: "percent", percent: 25 });
    const approved = await approve(quote);
    expect(approved).toMatchObject({ depositDue: usd(8_333), depositPaid: null, card: "stripe" });
    const session = await startCheckout(quote.token);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 8_333,
      currency: "usd",
      metadata: { quoteId: quote.id, companyId: company.id, purpose: "quote_deposit" },
    });
    expect(session.success_url).toMatch(
      new RegExp(`/quote/${quote.token.replace(".", "\\.")}\\?checkout=done$`),
    );

    const paid = stub.completeCheckout(session.id);
    const event = completed(paid);
    const twin = completed(paid, "checkout.session.async_payment_succeeded");
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(event)),
      ...Array.from({ length: 5 }, () => deliver(twin)),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await deliver(event)).status).toBe(200);
    const recorded = await depositsOf(quote.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      amount: 8_333,
      paymentIntentId: paid.payment_intent,
      paymentId: null,
    });

    const page = await anonymous().get(`/api/public/quotes/${quote.token}`);
    expect(page.body).toMatchObject({ depositPaid: usd(8_333), depositDue: null });
    const again = await deposit(quote.token);
    expect([again.status, again.body.message]).toEqual([409, QUOTE_DEPOSIT_PAID]);
    const seen = await office.get(`/api/quotes/${quote.id}`);
    expect(seen.body.depositPaid).toMatchObject({ amount: usd(8_333), invoiceNumber: null });
  });

  it("a webhook naming another company than the quote's records nothing", async () => {
    const { sent, approve } = await depositTenant();
    const other = await depositTenant();
    const quote = await sent({ kind: "amount", amount: usd(5_000) });
    await approve(quote);
    const paid = stub.completeCheckout((await startCheckout(quote.token)).id);
    const forged = { ...paid, metadata: { ...paid.metadata, companyId: other.company.id } };
    expect((await deliver(completed(forged))).status).toBe(200);
    expect(await depositsOf(quote.id)).toEqual([]);
  });
});

describe("the deposit on the invoice", () => {
  /** A sent quote asking 50.00, approved; the deposit paid through a delivered webhook. */
  async function paidDeposit(tenant: Awaited<ReturnType<typeof depositTenant>>) {
    const quote = await tenant.sent({ kind: "amount", amount: usd(5_000) });
    await tenant.approve(quote);
    const paid = stub.completeCheckout((await startCheckout(quote.token)).id);
    const [job] = await db.select().from(jobs).where(eq(jobs.quoteId, quote.id));
    return { quote, job, deliverPaid: () => deliver(completed(paid)) };
  }
  const invoice = (tenant: Awaited<ReturnType<typeof depositTenant>>, jobIds: string[]) =>
    tenant.office.post("/api/invoices").send({ companyId: tenant.company.id, jobIds });

  it("is a payment already received on the invoice made from the quote's job, exactly once", async () => {
    const tenant = await depositTenant();
    const { quote, job, deliverPaid } = await paidDeposit(tenant);
    expect((await deliverPaid()).status).toBe(200);
    // Better: 333.33, less the deposit of 50.00.
    const [made, twice] = await Promise.all([invoice(tenant, [job.id]), invoice(tenant, [job.id])]);
    const answers = [made, twice].sort((a, b) => a.status - b.status);
    expect(answers.map((answer) => answer.status)).toEqual([201, 409]);
    const first = answers[0].body;
    expect(first).toMatchObject({
      total: usd(33_333),
      paid: usd(5_000),
      balance: usd(28_333),
      status: "partly_paid",
    });
    const onInvoice = await db.select().from(payments).where(eq(payments.invoiceId, first.id));
    expect(onInvoice).toHaveLength(1);
    expect(onInvoice[0]).toMatchObject({ amount: 5_000, method: "card" });

    // Another invoice takes no deposit: it is on the first one already.
    const other = await tenant.jobWithItems();
    const second = await invoice(tenant, [other.id]);
    expect(second.status).toBe(201);
    expect(second.body.paid).toEqual(usd(0));
    const [kept] = await depositsOf(quote.id);
    expect(kept).toMatchObject({ invoiceId: first.id, paymentId: onInvoice[0].id });
    const seen = await tenant.office.get(`/api/quotes/${quote.id}`);
    expect(seen.body.depositPaid).toMatchObject({ amount: usd(5_000), invoiceNumber: first.number });
  });

  it("is money in on payments.csv from the day it came: as a deposit, then as the invoice's payment", async () => {
    const tenant = await depositTenant();
    const { quote, job, deliverPaid } = await paidDeposit(tenant);
    expect((await deliverPaid()).status).toBe(200);
    const [held] = await depositsOf(quote.id);
    const [{ number }] = await db
      .select({ number: quotes.number })
      .from(quotes)
      .where(eq(quotes.id, quote.id));
    const rows = async () => {
      const res = await tenant.office.get(
        `/api/exports/payments.csv?companyId=${tenant.company.id}&from=${held.paidOn}&to=${held.paidOn}&format=plain`,
      );
      expect(res.status).toBe(200);
      return res.text.slice(1, -2).split("\r\n").slice(1);
    };
    expect(await rows()).toEqual([`${held.paidOn},deposit,,Quinn Quote,card,Quote Q-${number},50.00,USD`]);
    const made = await invoice(tenant, [job.id]);
    expect(made.status).toBe(201);
    // Carried by the invoice: listed once, as its payment, on the same day and for the same money.
    const [after] = await rows();
    expect(after).toMatch(
      new RegExp(`^${held.paidOn},payment,${made.body.number},[^,]*,card,[^,]*,50\\.00,USD$`),
    );
    expect(await rows()).toHaveLength(1);
  });

  it("paid after the invoice was made, it goes on that open invoice at once", async () => {
    const tenant = await depositTenant();
    const { quote, job, deliverPaid } = await paidDeposit(tenant);
    const made = await invoice(tenant, [job.id]);
    expect(made.body.paid).toEqual(usd(0));
    const replays = await Promise.all(Array.from({ length: 10 }, () => deliverPaid()));
    for (const replay of replays) expect(replay.status).toBe(200);
    const read = await tenant.office.get(`/api/invoices/${made.body.id}`);
    expect(read.body).toMatchObject({ paid: usd(5_000), balance: usd(28_333) });
    expect(await db.select().from(payments).where(eq(payments.invoiceId, made.body.id))).toHaveLength(1);
    expect((await depositsOf(quote.id))[0].invoiceId).toBe(made.body.id);
  });
});
