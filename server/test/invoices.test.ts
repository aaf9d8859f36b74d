/** Invoices from jobs (docs/money.md): who may, the amounts, the job's amount, void, credit notes, the PDF. */
import { takeNumber } from "@sched/core/commands/create-invoice";
import { db } from "@sched/core/db/client";
import { invoices, jobs } from "@sched/core/db/schema";
import { JOB_AMOUNT_FROM_INVOICE } from "@sched/core/policies/invoiced-job";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import {
  CREDIT_NOTE_TOO_LARGE,
  INVOICE_JOB_ON_OPEN_INVOICE,
  INVOICE_JOB_UNKNOWN,
  INVOICE_JOBS_REQUIRED,
  INVOICE_JOBS_TWICE,
  INVOICE_NOT_FOUND,
  INVOICE_NOTHING_TO_BILL,
  INVOICE_VOID,
  VOID_REASON_REQUIRED,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoicingTenant, usd } from "./invoices-support";
import { agentFor, anonymous } from "./support";

describe("POST /api/invoices", () => {
  it("answers 401 signed out, 403 to a technician or a stranger, 404 on a foreign invoice", async () => {
    const { company, office, tech, jobWithItems } = await invoicingTenant();
    const job = await jobWithItems();
    const stranger = await agentFor((await buildTenant()).owner);
    const body = { companyId: company.id, jobIds: [job.id] };
    expect((await anonymous().post("/api/invoices").send(body)).status).toBe(401);
    expect((await tech.post("/api/invoices").send(body)).status).toBe(403);
    expect((await stranger.post("/api/invoices").send(body)).status).toBe(403);
    const made = await office.post("/api/invoices").send(body);
    expect(made.status).toBe(201);
    for (const path of [`/api/invoices/${made.body.id}`, `/api/invoices/${made.body.id}.pdf`]) {
      const res = await stranger.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(INVOICE_NOT_FOUND);
      expect((await tech.get(path)).status, path).toBe(403);
    }
    expect((await stranger.post(`/api/invoices/${made.body.id}/void`).send({ reason: "x" })).status).toBe(
      404,
    );
  });

  it("bills the jobs' items: tax half-even per line, totals the sums; the job's amount comes from it", async () => {
    const { company, office, jobWithItems } = await invoicingTenant();
    const job = await jobWithItems();
    const typed = await buildJob(company.id, job.employeeId, { amount: "40.00" });
    const key = crypto.randomUUID();
    const send = () =>
      office
        .post("/api/invoices")
        .set("Idempotency-Key", key)
        .send({ companyId: company.id, jobIds: [job.id, typed.id] });
    const res = await send();
    expect(res.status).toBe(201);
    expect((await send()).body).toEqual(res.body);
    // 1.5 x 95.00 = 142.50, tax 8.875 % = 12.646875 -> 12.65; 10.05 untaxed; the typed job's 40.00.
    expect(res.body).toMatchObject({
      number: 1,
      status: "draft",
      subtotal: usd(19_255),
      tax: usd(1_265),
      total: usd(20_520),
      balance: usd(20_520),
      jobIds: [job.id, typed.id],
    });
    expect(
      res.body.lines.map((l: { name: string; net: unknown; tax: unknown }) => [l.name, l.net, l.tax]),
    ).toEqual([
      ["Labour", usd(14_250), usd(1_265)],
      ["Washer", usd(1_005), usd(0)],
      ["Repair – 1 Main St", usd(4_000), usd(0)],
    ]);
    const [billed] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(billed).toMatchObject({ amount: "165.20", paymentStatus: "billed", version: job.version + 1 });

    // From now on the invoice decides the job's amount and payment status; other fields still change.
    const typedOver = await office.put(`/api/jobs/${job.id}`).send({ amount: "1.00" });
    expect(typedOver.status).toBe(409);
    expect(typedOver.body).toMatchObject({ message: JOB_AMOUNT_FROM_INVOICE, invoiceId: res.body.id });
    const paidByHand = await office.put(`/api/jobs/${job.id}`).send({ paymentStatus: "paid" });
    expect(paidByHand.status).toBe(409);
    const described = await office
      .put(`/api/jobs/${job.id}`)
      .send({ description: "Kitchen sink", amount: "165.20" });
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({ amount: "165.20", paymentStatus: "billed" });

    const again = await office.post("/api/invoices").send({ companyId: company.id, jobIds: [job.id] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: INVOICE_JOB_ON_OPEN_INVOICE, invoiceId: res.body.id });
    const listed = await office.get(`/api/invoices?companyId=${company.id}`);
    expect(listed.body.map((i: { number: number }) => i.number)).toEqual([1]);
  });

  it("answers 400 with the field's message", async () => {
    const { company, office } = await invoicingTenant();
    const foreign = await (await invoicingTenant()).jobWithItems();
    const empty = await buildJob(company.id, (await buildTenant()).employee.id);
    await db.update(jobs).set({ employeeId: null, date: null, time: null }).where(eq(jobs.id, empty.id));
    const cases: [object, string][] = [
      [{ jobIds: [] }, INVOICE_JOBS_REQUIRED],
      [{ jobIds: [foreign.id, foreign.id] }, INVOICE_JOBS_TWICE],
      [{ jobIds: [foreign.id] }, INVOICE_JOB_UNKNOWN],
      [{ jobIds: [empty.id] }, INVOICE_NOTHING_TO_BILL],
    ];
    for (const [body, message] of cases) {
      const res = await office.post("/api/invoices").send({ companyId: company.id, ...body });
      expect(res.status, message).toBe(400);
      expect(res.body.errors).toContainEqual({ path: "jobIds", message });
    }
  });
});

describe("changing an invoice: a void or a credit note, never in place", () => {
  it("credits at most the balance, numbers credit notes, refuses a stale change, voids and frees the jobs", async () => {
    const { company, office, jobWithItems } = await invoicingTenant();
    const job = await jobWithItems();
    const invoice = (await office.post("/api/invoices").send({ companyId: company.id, jobIds: [job.id] }))
      .body;
    const path = `/api/invoices/${invoice.id}`;

    const tooMuch = await office
      .post(`${path}/credit-notes`)
      .send({ amount: usd(16_521), reason: "Goodwill" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors).toContainEqual({ path: "amount.amount", message: CREDIT_NOTE_TOO_LARGE });
    const credited = await office
      .post(`${path}/credit-notes`)
      .send({ amount: usd(1_000), reason: "Goodwill", version: invoice.version });
    expect(credited.status).toBe(201);
    expect(credited.body).toMatchObject({
      credited: usd(1_000),
      balance: usd(15_520),
      version: invoice.version + 1,
    });
    expect(credited.body.creditNotes).toMatchObject([{ number: 1, amount: usd(1_000), reason: "Goodwill" }]);

    const stale = await office.post(`${path}/void`).send({ reason: "Wrong job", version: invoice.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "stale", current: { version: invoice.version + 1 } });
    const noReason = await office.post(`${path}/void`).send({ reason: " " });
    expect(noReason.body.errors).toContainEqual({ path: "reason", message: VOID_REASON_REQUIRED });

    const voided = await office.post(`${path}/void`).send({ reason: "Wrong job" });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: "void", voidReason: "Wrong job" });
    const [freed] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(freed.paymentStatus).toBe("pending");
    const twice = await office.post(`${path}/void`).send({ reason: "Again" });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(INVOICE_VOID);

    // The job is free for a new invoice, which takes the next number.
    const next = await office.post("/api/invoices").send({ companyId: company.id, jobIds: [job.id] });
    expect(next.status).toBe(201);
    expect(next.body.number).toBe(invoice.number + 1);
  });

  it("draws the PDF with the company's name, address, number and totals", async () => {
    const { company, office, jobWithItems } = await invoicingTenant();
    const invoice = (
      await office.post("/api/invoices").send({ companyId: company.id, jobIds: [(await jobWithItems()).id] })
    ).body;
    const res = await office
      .get(`/api/invoices/${invoice.id}.pdf`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // The document's information names the invoice and the company (the page's text is compressed).
    expect(pdf.toString("latin1")).toContain(`(Invoice ${invoice.number})`);
    expect(pdf.toString("latin1")).toContain(`(${company.name})`);
  });
});

describe("after a trial has ended", () => {
  it("the office still reads invoices and the price book's export, and changes nothing (402)", async () => {
    const { company, owner, employee } = await buildTenant({
      trialEndsAt: new Date(Date.now() - 86_400_000),
    });
    const job = await buildJob(company.id, employee.id, { amount: "50.00" });
    const [invoice] = await db
      .insert(invoices)
      .values({
        companyId: company.id,
        number: await takeNumber(db, company.id, "invoice"),
        currency: "USD",
        pricesIncludeTax: false,
        subtotal: 5_000,
        tax: 0,
        total: 5_000,
        issuedOn: "2026-11-23",
        dueOn: "2026-12-07",
      })
      .returning();
    const agent = await agentFor(owner);
    expect((await agent.get(`/api/invoices?companyId=${company.id}`)).status).toBe(200);
    expect((await agent.get(`/api/invoices/${invoice.id}`)).status).toBe(200);
    expect((await agent.get(`/api/invoices/${invoice.id}.pdf`)).status).toBe(200);
    expect((await agent.get(`/api/price-book.csv?companyId=${company.id}`)).status).toBe(200);
    expect((await agent.post("/api/invoices").send({ companyId: company.id, jobIds: [job.id] })).status).toBe(
      402,
    );
    expect((await agent.post(`/api/invoices/${invoice.id}/void`).send({ reason: "x" })).status).toBe(402);
  });
});
