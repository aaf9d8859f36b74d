/**
 * Sending an invoice, overdue, and the worker's overdue reminders (docs/money.md): sent once,
 * overdue on the company's day with its job, a reminder per reminder day owed exactly once
 * however often the sweep runs, none for a draft or a paid invoice.
 */
import { randomUUID } from "node:crypto";
import { sweepInvoicesDue } from "@sched/core/commands/sweep-invoices-due";
import { db } from "@sched/core/db/client";
import { invoiceReminders, invoices, jobs, mailOutbox } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import {
  addDays,
  INVOICE_ALREADY_SENT,
  INVOICE_NOT_FOUND,
  type InvoiceSummaryDTO,
  REMINDER_DAYS_INVALID,
} from "@sched/shared-types";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoicingTenant, usd } from "./invoices-support";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

const TODAY = new Date().toISOString().slice(0, 10);
const DAY_MS = 24 * 60 * 60 * 1000;

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

/** A draft invoice of 165.20 billed to a customer with an e-mail address (the company's day is UTC's). */
async function billed(email: string | null = `${randomUUID()}@customer.test`) {
  const tenant = await invoicingTenant();
  const { job, invoice } = await tenant.invoicedJob();
  const { id } = invoice;
  await db
    .update(invoices)
    .set({ billTo: { name: "Sam Reyes", address: null, email } })
    .where(eq(invoices.id, id));
  const row = async () => (await db.select().from(invoices).where(eq(invoices.id, id)))[0];
  const outbox = () =>
    db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "invoice_sent"), eq(mailOutbox.subjectId, id)));
  const reminders = () =>
    db
      .select()
      .from(invoiceReminders)
      .where(eq(invoiceReminders.invoiceId, id))
      .orderBy(invoiceReminders.daysOverdue);
  const dueDaysAgo = (days: number) =>
    db
      .update(invoices)
      .set({ dueOn: addDays(TODAY, -days) })
      .where(eq(invoices.id, id));
  return { ...tenant, job, id, row, outbox, reminders, dueDaysAgo };
}

describe("POST /api/invoices/:id/send", () => {
  it("marks it sent and owes the customer one e-mail; 401, 403, 404 and 409 sent already", async () => {
    const { id, office, tech, row, outbox } = await billed();
    const stranger = await agentFor((await buildTenant()).owner);
    expect((await anonymous().post(`/api/invoices/${id}/send`).send({})).status).toBe(401);
    expect((await tech.post(`/api/invoices/${id}/send`).send({})).status).toBe(403);
    const foreign = await stranger.post(`/api/invoices/${id}/send`).send({});
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(INVOICE_NOT_FOUND);

    const sent = await office.post(`/api/invoices/${id}/send`).send({ version: 1 });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: "sent", version: 2 });
    expect(sent.body.sentAt).not.toBeNull();
    const again = await office.post(`/api/invoices/${id}/send`).send({});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INVOICE_ALREADY_SENT);
    expect(await outbox()).toHaveLength(1);
    expect((await row()).status).toBe("sent");
  });

  it("marks an invoice without an address sent, owing no e-mail", async () => {
    const { id, office, outbox } = await billed(null);
    expect((await office.post(`/api/invoices/${id}/send`).send({})).body.status).toBe("sent");
    expect(await outbox()).toEqual([]);
  });
});

describe("the invoices due sweep", () => {
  it("leaves a draft alone: never overdue, never reminded", async () => {
    const { company, row, reminders, dueDaysAgo } = await billed();
    await dueDaysAgo(20);
    await sweepInvoicesDue({ companyId: company.id });
    expect((await row()).status).toBe("draft");
    expect(await reminders()).toEqual([]);
  });

  it("makes a sent invoice overdue with its job, and owes each reminder day's e-mail once", async () => {
    const { id, company, job, owner, office, row, reminders, dueDaysAgo } = await billed();
    await office.post(`/api/invoices/${id}/send`).send({});
    await dueDaysAgo(1);
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const heard = nextEvent<InvoiceSummaryDTO>(socket, "invoice.updated");
    await sweepInvoicesDue({ companyId: company.id });
    expect(await heard).toMatchObject({ id, status: "overdue" });
    expect((await row()).status).toBe("overdue");
    expect((await db.select().from(jobs).where(eq(jobs.id, job.id)))[0].paymentStatus).toBe("overdue");
    expect(await reminders()).toEqual([]); // 1 day past due: no reminder day yet
    socket.disconnect();

    // 8 days past due, found late: the 7-day reminder, not the 3-day one it missed.
    await dueDaysAgo(8);
    await sweepInvoicesDue({ companyId: company.id });
    await sweepInvoicesDue({ companyId: company.id });
    expect((await reminders()).map((r) => r.daysOverdue)).toEqual([7]);
    const owed = async () =>
      db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.kind, "invoice_reminder"),
            inArray(
              mailOutbox.subjectId,
              (await reminders()).map((r) => r.id),
            ),
          ),
        );
    expect(await owed()).toHaveLength(1);

    // A week on, the 14-day one, once, whatever the number of passes.
    const later = new Date(Date.now() + 7 * DAY_MS);
    await Promise.all([
      sweepInvoicesDue({ now: later, companyId: company.id }),
      sweepInvoicesDue({ now: later, companyId: company.id }),
    ]);
    await sweepInvoicesDue({ now: later, companyId: company.id });
    expect((await reminders()).map((r) => r.daysOverdue)).toEqual([7, 14]);
    expect(await owed()).toHaveLength(2);
  });

  it("follows the company's reminder days, and reminds no paid invoice", async () => {
    const { id, company, office, reminders, dueDaysAgo } = await billed();
    const bad = await office.put(`/api/companies/${company.id}/money-settings`).send({ reminderDays: [0] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toBe(REMINDER_DAYS_INVALID);
    const saved = await office
      .put(`/api/companies/${company.id}/money-settings`)
      .send({ reminderDays: [10, 5] });
    expect(saved.body.reminderDays).toEqual([5, 10]);
    await office.post(`/api/invoices/${id}/send`).send({});
    await dueDaysAgo(6);
    await sweepInvoicesDue({ companyId: company.id });
    expect((await reminders()).map((r) => r.daysOverdue)).toEqual([5]);

    const paid = await office
      .post("/api/payments")
      .send({ invoiceId: id, amount: usd(16_520), method: "bank_transfer", receivedOn: TODAY });
    expect(paid.body.invoice.status).toBe("paid");
    await sweepInvoicesDue({ now: new Date(Date.now() + 30 * DAY_MS), companyId: company.id });
    expect((await reminders()).map((r) => r.daysOverdue)).toEqual([5]);
  });
});
