/**
 * Where a job's invoice stands, for who may take a payment on it (docs/money.md): a
 * technician reads their own job's, never a colleague's, nor another company's.
 */
import { randomUUID } from "node:crypto";
import { JOB_NOT_FOUND } from "@sched/core/commands/save-job";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { NOT_YOUR_JOB } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { invoicingTenant, usd } from "./invoices-support";
import { agentFor, anonymous } from "./support";

/** Yesterday (UTC) is no one's future, whatever the company's time zone. */
const RECEIVED_ON = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe("GET /api/jobs/:id/invoice", () => {
  it("answers 401 signed out, 404 for another company's job or an unknown one, 403 on a colleague's job", async () => {
    const { company, tech, jobWithItems } = await invoicingTenant();
    const job = await jobWithItems();
    const stranger = await agentFor((await buildTenant()).owner);
    expect((await anonymous().get(`/api/jobs/${job.id}/invoice`)).status).toBe(401);
    const foreign = await stranger.get(`/api/jobs/${job.id}/invoice`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(JOB_NOT_FOUND);
    expect((await tech.get(`/api/jobs/${randomUUID()}/invoice`)).status).toBe(404);
    const colleagues = await buildJob(company.id, (await buildEmployee(company.id)).id);
    const refused = await tech.get(`/api/jobs/${colleagues.id}/invoice`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_YOUR_JOB);
  });

  it("answers null before the invoice, then its balance as payments come in, and null again once void", async () => {
    const { company, office, tech, jobWithItems } = await invoicingTenant();
    const job = await jobWithItems();
    const read = async () => {
      const res = await tech.get(`/api/jobs/${job.id}/invoice`);
      expect(res.status).toBe(200);
      return res.body;
    };
    expect(await read()).toEqual({ invoice: null });

    const made = await office.post("/api/invoices").send({ companyId: company.id, jobIds: [job.id] });
    expect(made.status).toBe(201);
    expect(await read()).toEqual({
      invoice: {
        id: made.body.id,
        number: made.body.number,
        status: "draft",
        total: usd(16_520),
        paid: usd(0),
        balance: usd(16_520),
        dueOn: made.body.dueOn,
        version: made.body.version,
      },
    });
    // The office reads it too, on any job of the company.
    expect((await office.get(`/api/jobs/${job.id}/invoice`)).body.invoice.id).toBe(made.body.id);

    // Cash at the door: what the customer still owes goes down.
    const paid = await tech
      .post("/api/payments")
      .set("Idempotency-Key", randomUUID())
      .send({ invoiceId: made.body.id, amount: usd(6_520), method: "cash", receivedOn: RECEIVED_ON });
    expect(paid.status).toBe(201);
    const after = await read();
    expect(after.invoice).toMatchObject({ status: "partly_paid", paid: usd(6_520), balance: usd(10_000) });

    const refund = await office
      .post(`/api/payments/${paid.body.payment.id}/refund`)
      .send({ amount: usd(6_520) });
    expect(refund.status).toBe(201);
    const voided = await office.post(`/api/invoices/${made.body.id}/void`).send({ reason: "Wrong customer" });
    expect(voided.status).toBe(200);
    expect(await read()).toEqual({ invoice: null });
  });
});
