/**
 * The customer's invoice page (docs/invoice-page.md): the link the send answers opens that
 * invoice only, the first view makes it `viewed` once, Pay starts a Stripe Checkout (the real
 * SDK against stripe-stub.ts), and the webhook records one card payment whatever Stripe
 * redelivers, also concurrently; an amount above the balance is kept and flagged.
 */
import { db } from "@sched/core/db/client";
import { cardPayments, invoices, jobs, notifications, payments } from "@sched/core/db/schema";
import {
  INVOICE_LINK_NOT_VALID,
  INVOICE_NOTHING_TO_PAY,
  INVOICE_VOID,
  type InvoiceSummaryDTO,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { invoicingTenant, usd } from "./invoices-support";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import type { StripeStub } from "./stripe-stub";
import { anonymous } from "./support";

const { stub, stubEnv } = await vi.hoisted(async () => {
  const { startStripeStub, stripeEnvFor } = await import("./stripe-stub");
  const started: StripeStub = await startStripeStub();
  const env = stripeEnvFor(started.port);
  Object.assign(process.env, env);
  process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}invoice-page:`;
  return { stub: started, stubEnv: env };
});

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
  await stub.close();
  for (const name of Object.keys(stubEnv)) delete process.env[name];
});

/** A company with a sent invoice of 165.20 and its page's token. */
async function sentInvoice() {
  const tenant = await invoicingTenant();
  const { job, invoice } = await tenant.invoicedJob();
  const sent = await tenant.office.post(`/api/invoices/${invoice.id}/send`).send({});
  expect(sent.status).toBe(200);
  const url = sent.body.url as string;
  expect(url).toMatch(/\/invoice\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
  const token = url.slice(url.lastIndexOf("/") + 1);
  return { ...tenant, job, invoiceId: invoice.id, sent: sent.body, token };
}

const page = (token: string) => `/api/public/invoices/${token}`;
const invoiceRow = async (id: string) => (await db.select().from(invoices).where(eq(invoices.id, id)))[0];

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
  id: `evt_invoice_${Date.now()}_${++eventSequence}`,
  object: "event",
  type,
  data: { object: session },
});

/** Pay pressed: the Checkout session the stub made for it. */
async function startCheckout(token: string) {
  const res = await anonymous()
    .post(`${page(token)}/pay`)
    .send({});
  expect(res.status).toBe(200);
  const id = /\/(cs_stub\d+)$/.exec(res.body.url)?.[1];
  expect(id).toBeDefined();
  return stub.checkoutSessions.get(id as string)!;
}

describe("the invoice's link", () => {
  it("the send answers the invoice and its link; the link opens only that invoice, with no ids", async () => {
    const { sent, token, company } = await sentInvoice();
    expect(sent).toMatchObject({ status: "sent", total: usd(16_520), sentBy: "none" });
    const res = await anonymous().get(page(token));
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toContain("private");
    expect(res.body).toMatchObject({
      company: { name: company.name, address: "9 Pipe Lane, Springfield" },
      number: sent.number,
      total: usd(16_520),
      paid: usd(0),
      balance: usd(16_520),
      card: "stripe",
      canPay: true,
    });
    expect(res.body.lines.map((line: { name: string }) => line.name)).toEqual(["Labour", "Washer"]);
    expect(JSON.stringify(res.body)).not.toContain(company.id);
    const pdf = await anonymous().get(`${page(token)}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");

    // Another company's link opens its own invoice, never this one.
    const other = await sentInvoice();
    expect((await anonymous().get(page(other.token))).body.company.name).toBe(other.company.name);
  });

  it("a forged, malformed or unknown token is the same 404", async () => {
    const { token } = await sentInvoice();
    const forged = `${token.slice(0, 37)}${"A".repeat(43)}`;
    const unknown = "00000000-0000-4000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    for (const bad of [forged, unknown, "nonsense"]) {
      const res = await anonymous().get(page(bad));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(INVOICE_LINK_NOT_VALID);
      expect(
        (
          await anonymous()
            .post(`${page(bad)}/pay`)
            .send({})
        ).status,
      ).toBe(404);
    }
  });

  it("the first view makes a sent invoice viewed, once, and announces it", async () => {
    const { token, invoiceId, owner } = await sentInvoice();
    const before = await invoiceRow(invoiceId);
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    try {
      const heard = nextEvent<InvoiceSummaryDTO>(socket, "invoice.updated");
      const views = await Promise.all([1, 2, 3].map(() => anonymous().get(page(token))));
      for (const view of views) expect(view.status).toBe(200);
      expect((await heard).status).toBe("viewed");
      await anonymous().get(page(token));
      const after = await invoiceRow(invoiceId);
      expect(after.status).toBe("viewed");
      expect(after.version).toBe(before.version + 1);
    } finally {
      socket.close();
    }
  });
});

describe("paying by card", () => {
  it("Pay starts a Checkout Session for the balance, in the invoice's currency, back to the page", async () => {
    const { token, invoiceId, company } = await sentInvoice();
    const session = await startCheckout(token);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 16_520,
      currency: "usd",
      metadata: { invoiceId, companyId: company.id, purpose: "invoice" },
    });
    expect(session.success_url).toMatch(new RegExp(`/invoice/${token.replace(".", "\\.")}\\?checkout=done$`));
    expect(session.cancel_url).toMatch(/\?checkout=cancelled$/);
    const created = stub.requests.filter((r) => r.path === "/v1/checkout/sessions");
    expect(created.at(-1)?.idempotencyKey).toContain(invoiceId);
  });

  it("a webhook delivered 10 times, also at once, and its twin event record one card payment", async () => {
    const { token, invoiceId, job, owner } = await sentInvoice();
    const paid = stub.completeCheckout((await startCheckout(token)).id);
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    try {
      const heard = nextEvent<InvoiceSummaryDTO>(socket, "invoice.updated");
      const event = completed(paid);
      const twin = completed(paid, "checkout.session.async_payment_succeeded");
      const answers = await Promise.all([
        ...Array.from({ length: 5 }, () => deliver(event)),
        ...Array.from({ length: 5 }, () => deliver(twin)),
      ]);
      for (const answer of answers) expect([answer.status, answer.body]).toEqual([200, expect.anything()]);
      for (let i = 0; i < 10; i++) expect((await deliver(event)).status).toBe(200);
      expect((await heard).status).toBe("paid");
    } finally {
      socket.close();
    }
    const recorded = await db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amount: 16_520, method: "card", reference: paid.payment_intent });
    expect((await invoiceRow(invoiceId)).status).toBe("paid");
    expect((await db.select().from(jobs).where(eq(jobs.id, job.id)))[0].paymentStatus).toBe("paid");
    const view = await anonymous().get(page(token));
    expect(view.body).toMatchObject({ status: "paid", balance: usd(0), canPay: false });
    const again = await anonymous()
      .post(`${page(token)}/pay`)
      .send({});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INVOICE_NOTHING_TO_PAY);
  });

  it("property: any mix of redeliveries and twin events, in any batches, records one payment", async () => {
    const delivery = fc.record({ twin: fc.boolean(), batch: fc.integer({ min: 0, max: 2 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(delivery, { minLength: 1, maxLength: 10 }), async (deliveries) => {
        const { token, invoiceId } = await sentInvoice();
        const paid = stub.completeCheckout((await startCheckout(token)).id);
        const events = [completed(paid), completed(paid, "checkout.session.async_payment_succeeded")];
        // Each batch at once, the batches one after the other: Stripe's retries overlap so.
        for (const batch of [0, 1, 2]) {
          const now = deliveries.filter((d) => d.batch === batch);
          const answers = await Promise.all(now.map((d) => deliver(events[d.twin ? 1 : 0])));
          for (const answer of answers) expect(answer.status).toBe(200);
        }
        const recorded = await db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
        expect(recorded.map((row) => row.amount)).toEqual([16_520]);
        expect((await invoiceRow(invoiceId)).paid).toBe(16_520);
      }),
      { numRuns: 5 },
    );
  });

  it("paid twice from two tabs: the second is kept with its excess and the owners are told", async () => {
    const { token, invoiceId, company } = await sentInvoice();
    const first = await startCheckout(token);
    // The second tab was opened before the first paid: the same balance, the same session.
    const second = await startCheckout(token);
    expect(second.id).toBe(first.id);
    const firstPaid = stub.completeCheckout(first.id);
    // Stripe would make a new session for a new key; the stub's twin stands in for it.
    const twinPaid = {
      ...firstPaid,
      id: `${first.id}_tab2`,
      payment_intent: `${firstPaid.payment_intent}_tab2`,
    };
    expect((await deliver(completed(firstPaid))).status).toBe(200);
    expect((await deliver(completed(twinPaid))).status).toBe(200);
    const rows = await db.select().from(cardPayments).where(eq(cardPayments.invoiceId, invoiceId));
    expect(rows.map((row) => row.excess).sort()).toEqual([0, 16_520]);
    const view = await anonymous().get(page(token));
    expect(view.body).toMatchObject({ status: "paid", paid: usd(33_040), balance: usd(-16_520) });
    await expect
      .poll(async () =>
        (
          await db
            .select()
            .from(notifications)
            .where(and(eq(notifications.companyId, company.id), eq(notifications.kind, "payment.updated")))
        ).map((row) => row.message),
      )
      .toContainEqual(expect.stringContaining("more than was owed"));
  });

  it("a void invoice shows void and cannot be paid; a session not paid records nothing", async () => {
    const { token, invoiceId, office } = await sentInvoice();
    const unpaid = await startCheckout(token);
    expect((await deliver(completed(unpaid))).status).toBe(200);
    expect(await db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).toHaveLength(0);
    expect(
      (await office.post(`/api/invoices/${invoiceId}/void`).send({ reason: "Wrong customer" })).status,
    ).toBe(200);
    const view = await anonymous().get(page(token));
    expect(view.body).toMatchObject({ status: "void", canPay: false });
    const pay = await anonymous()
      .post(`${page(token)}/pay`)
      .send({});
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe(INVOICE_VOID);
    expect(
      (
        await anonymous()
          .post(`${page(token)}/demo-pay`)
          .send({})
      ).status,
    ).toBe(404);
  });

  it("the send's channel: text asked for a customer with no mobile number is a 400", async () => {
    const tenant = await invoicingTenant();
    const job = await tenant.jobWithItems();
    const made = await tenant.office
      .post("/api/invoices")
      .send({ companyId: tenant.company.id, jobIds: [job.id] });
    const email = await tenant.office.post(`/api/invoices/${made.body.id}/send`).send({ channel: "email" });
    expect(email.status).toBe(400);
    const bad = await tenant.office.post(`/api/invoices/${made.body.id}/send`).send({ channel: "fax" });
    expect(bad.status).toBe(400);
    expect((await invoiceRow(made.body.id)).sentAt).toBeNull();
  });
});
