/**
 * Payments recorded by people and refunds (docs/money.md): who may, the exact 400s, the
 * invoice's and the job's states, Idempotency-Key, no overpayment under concurrent payments,
 * the events.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { companies, invoices, jobs, payments } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import {
  currencyNotTheInvoices,
  INVOICE_HAS_PAYMENTS,
  INVOICE_NOT_FOUND,
  INVOICE_VOID,
  type InvoiceSummaryDTO,
  type JobDTO,
  PAYMENT_AMOUNT_POSITIVE,
  PAYMENT_INVOICE_REQUIRED,
  PAYMENT_METHOD_INVALID,
  PAYMENT_MORE_THAN_OWED,
  PAYMENT_NOT_FOUND,
  PAYMENT_NOT_YOUR_INVOICE,
  PAYMENT_RECEIVED_IN_FUTURE,
  REFUND_MORE_THAN_PAID,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoicingTenant, usd } from "./invoices-support";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { type Agent, agentFor, anonymous } from "./support";

/** Yesterday (UTC) is no one's future, whatever the company's time zone. */
const RECEIVED_ON = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

/** A company with an invoice of 165.20 for the linked technician's job. */
async function invoiced() {
  const tenant = await invoicingTenant();
  const { job, invoice } = await tenant.invoicedJob();
  expect(invoice.total).toEqual(usd(16_520));
  const pay = (amount: number, extra: object = {}, agent: Agent = tenant.office) =>
    agent.post("/api/payments").send({
      invoiceId: invoice.id,
      amount: usd(amount),
      method: "cash",
      receivedOn: RECEIVED_ON,
      ...extra,
    });
  return { ...tenant, job, invoice, pay };
}

const jobOf = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0];
const invoiceOf = async (id: string) => (await db.select().from(invoices).where(eq(invoices.id, id)))[0];

describe("POST /api/payments", () => {
  it("answers 401 signed out, 404 on a foreign invoice, 403 to a technician on someone else's job", async () => {
    const { company, office, invoice, pay, tech } = await invoiced();
    const stranger = await agentFor((await buildTenant()).owner);
    const body = { invoiceId: invoice.id, amount: usd(100), method: "cash", receivedOn: RECEIVED_ON };
    expect((await anonymous().post("/api/payments").send(body)).status).toBe(401);
    const foreign = await pay(100, {}, stranger);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(INVOICE_NOT_FOUND);
    expect((await pay(100, { invoiceId: randomUUID() })).status).toBe(404);
    expect((await stranger.get(`/api/invoices/${invoice.id}/payments`)).status).toBe(404);

    // A colleague's job on its own invoice: not the technician's to take money for.
    const other = await buildJob(company.id, (await buildEmployee(company.id)).id, { amount: "50.00" });
    const theirs = await office.post("/api/invoices").send({ companyId: company.id, jobIds: [other.id] });
    const refused = await tech.post("/api/payments").send({ ...body, invoiceId: theirs.body.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PAYMENT_NOT_YOUR_INVOICE);
    expect((await tech.get(`/api/invoices/${theirs.body.id}/payments`)).status).toBe(403);
    expect(await db.select().from(payments).where(eq(payments.invoiceId, theirs.body.id))).toEqual([]);
  });

  it("answers 400 with the field's exact message", async () => {
    const { invoice, pay, office } = await invoiced();
    const cases: [object, string, string][] = [
      [{ amount: usd(0) }, "amount.amount", PAYMENT_AMOUNT_POSITIVE],
      [{ amount: usd(-5) }, "amount.amount", PAYMENT_AMOUNT_POSITIVE],
      [{ amount: { amount: 100, currency: "EUR" } }, "amount.currency", currencyNotTheInvoices("USD")],
      [{ amount: usd(16_521) }, "amount.amount", PAYMENT_MORE_THAN_OWED],
      [{ method: "barter" }, "method", PAYMENT_METHOD_INVALID],
      [{ receivedOn: "2999-01-01" }, "receivedOn", PAYMENT_RECEIVED_IN_FUTURE],
      [{ receivedOn: "2026-02-30" }, "receivedOn", "Received on must be a real calendar date between"],
      [{ reference: "x".repeat(201) }, "reference", "Reference must be 200 characters or less"],
    ];
    for (const [change, path, message] of cases) {
      const res = await office.post("/api/payments").send({
        invoiceId: invoice.id,
        amount: usd(100),
        method: "cash",
        receivedOn: RECEIVED_ON,
        ...change,
      });
      expect(res.status, JSON.stringify(change)).toBe(400);
      const field = (res.body.errors ?? []).find((e: { path: string }) => e.path === path);
      expect(field?.message, JSON.stringify(res.body)).toContain(message);
    }
    const noInvoice = await office
      .post("/api/payments")
      .send({ amount: usd(100), method: "cash", receivedOn: RECEIVED_ON });
    expect(noInvoice.status).toBe(400);
    expect(noInvoice.body.errors).toEqual([{ path: "invoiceId", message: PAYMENT_INVOICE_REQUIRED }]);
    expect((await pay(100)).status).toBe(201);
    expect((await invoiceOf(invoice.id)).paid).toBe(100);
  });

  it("takes the technician's cash on their own job, then the office's cheque: partly paid, paid, announced", async () => {
    const { owner, invoice, job, pay, tech } = await invoiced();
    const office = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const firstEvent = nextEvent<InvoiceSummaryDTO>(office, "invoice.updated");
    const cash = await pay(6_520, {}, tech);
    expect(cash.status).toBe(201);
    expect(cash.body).toMatchObject({
      payment: {
        amount: usd(6_520),
        method: "cash",
        refunded: usd(0),
        reference: null,
        receivedOn: RECEIVED_ON,
      },
      invoice: {
        status: "partly_paid",
        paid: usd(6_520),
        balance: usd(10_000),
        version: invoice.version + 1,
      },
    });
    expect(await firstEvent).toMatchObject({ id: invoice.id, status: "partly_paid", balance: usd(10_000) });
    expect((await jobOf(job.id)).paymentStatus).toBe("billed");

    const jobEvent = nextEvent<JobDTO>(office, "job.updated");
    const cheque = await pay(10_000, { method: "cheque", reference: "Cheque 1042" });
    expect(cheque.body.invoice).toMatchObject({ status: "paid", balance: usd(0) });
    expect(await jobEvent).toMatchObject({ id: job.id, paymentStatus: "paid" });
    expect(await jobOf(job.id)).toMatchObject({ paymentStatus: "paid", amount: "165.20" });

    // Nothing is owed any more; a paid invoice is not voided.
    expect((await pay(1)).body.message).toBe(PAYMENT_MORE_THAN_OWED);
    const voided = await (await agentFor(owner))
      .post(`/api/invoices/${invoice.id}/void`)
      .send({ reason: "x" });
    expect(voided.status).toBe(409);
    expect(voided.body.message).toBe(INVOICE_HAS_PAYMENTS);

    const listed = await tech.get(`/api/invoices/${invoice.id}/payments`);
    expect(listed.status).toBe(200);
    expect(
      listed.body.map((p: { method: string; reference: string | null }) => [p.method, p.reference]),
    ).toEqual([
      ["cash", null],
      ["cheque", "Cheque 1042"],
    ]);
    office.disconnect();
  });

  it("records one payment for a replayed Idempotency-Key and refuses a stale invoice version", async () => {
    const { invoice, office, pay } = await invoiced();
    const key = randomUUID();
    const send = () =>
      office
        .post("/api/payments")
        .set("Idempotency-Key", key)
        .send({
          invoiceId: invoice.id,
          amount: usd(1_000),
          method: "bank_transfer",
          receivedOn: RECEIVED_ON,
        });
    const first = await send();
    const replay = await send();
    expect(first.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(await db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
    expect((await invoiceOf(invoice.id)).paid).toBe(1_000);

    const stale = await pay(100, { version: invoice.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "stale", current: { version: invoice.version + 1 } });
    expect((await pay(100, { version: invoice.version + 1 })).status).toBe(201);
  });

  it("never pays more than is owed under 10 concurrent payments (the invoice's row lock)", async () => {
    const { invoice, pay } = await invoiced();
    // 10 x 30.00 against 165.20: five fit, the sixth would overpay.
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(3_000)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 400, 400, 400, 400, 400]);
    for (const res of answers.filter((r) => r.status === 400))
      expect(res.body.message).toBe(PAYMENT_MORE_THAN_OWED);
    const rows = await db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    const stored = await invoiceOf(invoice.id);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(15_000);
    expect(stored).toMatchObject({ paid: 15_000, status: "partly_paid", version: invoice.version + 5 });
  });

  it("counts a credit note: what is left paid settles the invoice, a credit note then finds no balance", async () => {
    const { invoice, job, office, pay } = await invoiced();
    expect((await pay(6_520)).body.invoice.status).toBe("partly_paid");
    const credit = await office
      .post(`/api/invoices/${invoice.id}/credit-notes`)
      .send({ amount: usd(10_000), reason: "Goodwill" });
    expect(credit.body).toMatchObject({ status: "paid", balance: usd(0), credited: usd(10_000) });
    expect((await jobOf(job.id)).paymentStatus).toBe("paid");
    expect((await pay(1)).body.message).toBe(PAYMENT_MORE_THAN_OWED);
  });

  it("lets a company whose trial ended read its payments, not record them", async () => {
    const { company, invoice, office, pay } = await invoiced();
    expect((await pay(100)).status).toBe(201);
    await db
      .update(companies)
      .set({
        subscriptionStatus: "trialing",
        trialEndsAt: new Date(Date.now() - 86_400_000),
        isFreeAccount: false,
      })
      .where(eq(companies.id, company.id));
    expect((await pay(100)).status).toBe(402);
    const listed = await office.get(`/api/invoices/${invoice.id}/payments`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
  });

  it("takes no payment on a void invoice", async () => {
    const { invoice, office, pay } = await invoiced();
    expect(
      (await office.post(`/api/invoices/${invoice.id}/void`).send({ reason: "Wrong customer" })).status,
    ).toBe(200);
    const res = await pay(100);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(INVOICE_VOID);
  });

  it("shows overdue for a sent invoice past its due date, on the invoice and its job", async () => {
    const { invoice, job, pay } = await invoiced();
    await db
      .update(invoices)
      .set({ sentAt: new Date(), status: "sent", dueOn: "2026-01-02" })
      .where(eq(invoices.id, invoice.id));
    expect((await pay(500)).body.invoice.status).toBe("overdue");
    expect((await jobOf(job.id)).paymentStatus).toBe("overdue");
    expect((await pay(16_020)).body.invoice.status).toBe("paid");
  });
});

describe("POST /api/payments/:id/refund", () => {
  it("refunds at most what was paid less refunds, owners and admins only; the states go back", async () => {
    const { invoice, job, office, pay, tech } = await invoiced();
    const paid = await pay(16_520, {}, tech);
    expect(paid.body.invoice.status).toBe("paid");
    const path = `/api/payments/${paid.body.payment.id}/refund`;

    expect(
      (
        await anonymous()
          .post(path)
          .send({ amount: usd(100) })
      ).status,
    ).toBe(401);
    expect((await tech.post(path).send({ amount: usd(100) })).status).toBe(403);
    const stranger = await agentFor((await buildTenant()).owner);
    const foreign = await stranger.post(path).send({ amount: usd(100) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(PAYMENT_NOT_FOUND);
    expect((await office.post(path).send({ amount: usd(16_521) })).body.message).toBe(REFUND_MORE_THAN_PAID);
    expect((await office.post(path).send({ amount: usd(0) })).body.message).toBe(PAYMENT_AMOUNT_POSITIVE);

    const key = randomUUID();
    const refund = () =>
      office
        .post(path)
        .set("Idempotency-Key", key)
        .send({ amount: usd(6_520), version: 1 });
    const first = await refund();
    expect(first.status).toBe(201);
    expect((await refund()).body).toEqual(first.body);
    expect(first.body).toMatchObject({
      payment: { refunded: usd(6_520), version: 2, refunds: [{ amount: usd(6_520) }] },
      invoice: { status: "partly_paid", paid: usd(10_000), balance: usd(6_520) },
    });
    expect((await jobOf(job.id)).paymentStatus).toBe("billed");

    const stale = await office.post(path).send({ amount: usd(100), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "stale", current: { version: 2 } });
    expect((await office.post(path).send({ amount: usd(10_001) })).body.message).toBe(REFUND_MORE_THAN_PAID);
    const rest = await office.post(path).send({ amount: usd(10_000), version: 2 });
    expect(rest.body.invoice).toMatchObject({ status: "draft", paid: usd(0), balance: usd(16_520) });
    expect(await invoiceOf(invoice.id)).toMatchObject({ paid: 0, status: "draft" });
  });
});
