/** Items a technician adds to a job on site (docs/money.md). */
import { db } from "@sched/core/db/client";
import { companyUsers, invoiceJobs, invoices, jobItems } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import {
  JOB_ITEM_NAME_REQUIRED,
  JOB_ITEM_NOT_FOUND,
  JOB_ITEM_PRICE_REQUIRED,
  NOT_YOUR_JOB,
  PRICE_BOOK_ITEM_NOT_FOUND,
  PRICES_HIDDEN,
  QUANTITY_INVALID,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const usd = (amount: number) => ({ amount, currency: "USD" });

/** A company with a tax rate, a priced item, a technician linked to the roster employee and their job. */
async function setUp() {
  const tenant = await buildTenant();
  const { company, employee, employeeUser } = tenant;
  await db
    .update(companyUsers)
    .set({ employeeId: employee.id })
    .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, employeeUser.id)));
  const office = await agentFor(tenant.owner);
  const settings = await office
    .put(`/api/companies/${company.id}/money-settings`)
    .send({ taxRates: [{ name: "Sales tax", percent: 8.875 }] });
  const item = await office.post("/api/price-book").send({
    companyId: company.id,
    name: "Trap",
    kind: "material",
    unitPrice: usd(1_999),
    taxRateId: settings.body.taxRates[0].id,
  });
  const job = await buildJob(company.id, employee.id);
  return { ...tenant, office, tech: await agentFor(employeeUser), item: item.body, job };
}

describe("/api/jobs/:id/items", () => {
  it("answers 401 signed out, 404 for a foreign job, 403 on another technician's job", async () => {
    const { company, tech, job } = await setUp();
    const stranger = await agentFor((await buildTenant()).owner);
    expect((await anonymous().get(`/api/jobs/${job.id}/items`)).status).toBe(401);
    expect((await stranger.get(`/api/jobs/${job.id}/items`)).status).toBe(404);
    expect((await stranger.post(`/api/jobs/${job.id}/items`).send({ name: "X", quantity: 1 })).status).toBe(
      404,
    );
    const othersJob = await buildJob(company.id, (await buildEmployee(company.id)).id);
    const refused = await tech.post(`/api/jobs/${othersJob.id}/items`).send({ name: "X", quantity: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_YOUR_JOB);
  });

  it("adds a price book item once per Idempotency-Key (the outbox's replay), priced and taxed from the book", async () => {
    const { tech, office, item, job } = await setUp();
    const key = crypto.randomUUID();
    const send = () =>
      tech
        .post(`/api/jobs/${job.id}/items`)
        .set("Idempotency-Key", key)
        .send({ priceBookItemId: item.id, quantity: 2.5 });
    const first = await send();
    const replay = await send();
    expect(first.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    // Prices hidden from technicians: the technician sees what, not how much.
    expect(first.body).toMatchObject({ name: "Trap", quantity: 2.5, unitPrice: null, taxPercent: 8.875 });
    const rows = await db.select().from(jobItems).where(eq(jobItems.jobId, job.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ quantityThousandths: 2500, unitPrice: 1_999, currency: "USD" });

    const listed = await office.get(`/api/jobs/${job.id}/items`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ ...first.body, unitPrice: usd(1_999) }]);
  });

  it("takes a typed item with its price from someone who sees prices, and refuses one from who does not", async () => {
    const { tech, office, job } = await setUp();
    const typed = await office
      .post(`/api/jobs/${job.id}/items`)
      .send({ name: "Extra hour", quantity: 1, unitPrice: usd(9_000) });
    expect(typed.status).toBe(201);
    expect(typed.body).toMatchObject({ priceBookItemId: null, unitPrice: usd(9_000), taxPercent: null });
    const hidden = await tech
      .post(`/api/jobs/${job.id}/items`)
      .send({ name: "Extra", quantity: 1, unitPrice: usd(1) });
    expect(hidden.status).toBe(403);
    expect(hidden.body.message).toBe(PRICES_HIDDEN);
  });

  it("answers 400 with the field's message", async () => {
    const { office, job } = await setUp();
    const foreignItem = (await setUp()).item;
    const cases: [object, string, string][] = [
      [{ name: "X", quantity: 0, unitPrice: usd(1) }, "quantity", QUANTITY_INVALID],
      [{ name: "X", quantity: 1.0005, unitPrice: usd(1) }, "quantity", QUANTITY_INVALID],
      [{ quantity: 1, unitPrice: usd(1) }, "name", JOB_ITEM_NAME_REQUIRED],
      [{ name: "X", quantity: 1 }, "unitPrice", JOB_ITEM_PRICE_REQUIRED],
      [{ priceBookItemId: foreignItem.id, quantity: 1 }, "priceBookItemId", PRICE_BOOK_ITEM_NOT_FOUND],
    ];
    for (const [body, field, message] of cases) {
      const res = await office.post(`/api/jobs/${job.id}/items`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toContainEqual({ path: field, message });
    }
  });

  it("deletes an item of the job; another job's item is not found; nothing changes once the job is invoiced", async () => {
    const { company, tech, item, job } = await setUp();
    const added = (
      await tech.post(`/api/jobs/${job.id}/items`).send({ priceBookItemId: item.id, quantity: 1 })
    ).body;
    const otherJob = await buildJob(company.id, job.employeeId);
    const wrongJob = await tech.delete(`/api/jobs/${otherJob.id}/items/${added.id}`);
    expect(wrongJob.status).toBe(404);
    expect(wrongJob.body.message).toBe(JOB_ITEM_NOT_FOUND);
    expect((await tech.delete(`/api/jobs/${job.id}/items/not-an-id`)).status).toBe(404);

    const [invoice] = await db
      .insert(invoices)
      .values({
        companyId: company.id,
        number: 1,
        currency: "USD",
        pricesIncludeTax: false,
        subtotal: 0,
        tax: 0,
        total: 0,
        issuedOn: "2026-11-23",
        dueOn: "2026-12-07",
      })
      .returning();
    await db.insert(invoiceJobs).values({ invoiceId: invoice.id, jobId: job.id, companyId: company.id });
    const locked = await tech.delete(`/api/jobs/${job.id}/items/${added.id}`);
    expect(locked.status).toBe(409);
    await db.update(invoiceJobs).set({ open: false }).where(eq(invoiceJobs.jobId, job.id));
    expect((await tech.delete(`/api/jobs/${job.id}/items/${added.id}`)).status).toBe(204);
    expect(await db.select().from(jobItems).where(eq(jobItems.jobId, job.id))).toEqual([]);
  });
});
