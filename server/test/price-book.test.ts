/** The price book (docs/money.md): CRUD, who may do what, versions, Idempotency-Key, CSV out and in. */
import { buildTenant } from "@sched/core/test/factories";
import {
  AMOUNT_INVALID,
  currencyNotTheCompanys,
  PRICE_BOOK_ITEM_NOT_FOUND,
  PRICE_BOOK_KIND_INVALID,
  PRICE_BOOK_NAME_REQUIRED,
  PRICE_BOOK_NAME_TAKEN,
  TAX_RATE_UNKNOWN,
} from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { type Agent, agentFor, anonymous } from "./support";

const usd = (amount: number) => ({ amount, currency: "USD" });

async function withRate() {
  const tenant = await buildTenant();
  const owner = await agentFor(tenant.owner);
  const settings = await owner
    .put(`/api/companies/${tenant.company.id}/money-settings`)
    .send({ taxRates: [{ name: "Sales tax", percent: 8.875 }] });
  return { ...tenant, agent: owner, rateId: settings.body.taxRates[0].id as string };
}

const create = (agent: Agent, companyId: string, body: object = {}) =>
  agent.post("/api/price-book").send({
    companyId,
    name: "Drain clearing",
    kind: "service",
    unitPrice: usd(12_500),
    unit: "hour",
    ...body,
  });

describe("/api/price-book", () => {
  it("answers 401 signed out, 403 to a stranger, and a technician the items without prices while they are hidden", async () => {
    const { company, agent, employeeUser, rateId } = await withRate();
    const stranger = await agentFor((await buildTenant()).owner);
    const tech = await agentFor(employeeUser);
    const item = (await create(agent, company.id, { cost: usd(4_000), taxRateId: rateId })).body;
    expect((await anonymous().get(`/api/price-book?companyId=${company.id}`)).status).toBe(401);
    expect((await stranger.get(`/api/price-book?companyId=${company.id}`)).status).toBe(403);
    expect((await stranger.get(`/api/price-book/${item.id}`)).status).toBe(404);
    // What and in which unit, never how much: the technician still picks items on site.
    const hidden = await tech.get(`/api/price-book?companyId=${company.id}`);
    expect(hidden.status).toBe(200);
    const { unitPrice: _price, cost: _cost, ...withoutPrices } = item;
    expect(hidden.body).toEqual([withoutPrices]);
    expect(hidden.body[0]).not.toHaveProperty("unitPrice");
    expect(hidden.body[0]).not.toHaveProperty("cost");
    const one = await tech.get(`/api/price-book/${item.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(withoutPrices);
    // The CSV and every change stay the office's.
    expect((await tech.get(`/api/price-book.csv?companyId=${company.id}`)).status).toBe(403);
    expect((await create(tech, company.id, { name: "Other" })).status).toBe(403);
    expect((await tech.put(`/api/price-book/${item.id}`).send({ ...item, name: "X" })).status).toBe(403);
    expect((await tech.delete(`/api/price-book/${item.id}`)).status).toBe(403);

    await agent.put(`/api/companies/${company.id}/money-settings`).send({ techniciansSeePrices: true });
    const shown = await tech.get(`/api/price-book?companyId=${company.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual([item]);
    expect((await tech.get(`/api/price-book/${item.id}`)).body).toEqual(item);
  });

  it("creates once per Idempotency-Key, updates from the version read, 409 on a stale save, deletes", async () => {
    const { company, agent, admin, rateId } = await withRate();
    const key = crypto.randomUUID();
    const body = { taxRateId: rateId, cost: usd(4_000) };
    const first = await create(agent, company.id, body).set("Idempotency-Key", key);
    const again = await create(agent, company.id, body).set("Idempotency-Key", key);
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(first.body).toMatchObject({
      name: "Drain clearing",
      kind: "service",
      unitPrice: usd(12_500),
      cost: usd(4_000),
      taxRateId: rateId,
      unit: "hour",
      version: 1,
    });
    const list = await agent.get(`/api/price-book?companyId=${company.id}`);
    expect(list.body).toHaveLength(1);

    const adminAgent = await agentFor(admin);
    const { id } = first.body;
    const updated = await adminAgent
      .put(`/api/price-book/${id}`)
      .send({ name: "Drain clearing", kind: "service", unitPrice: usd(13_000), version: 1 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ unitPrice: usd(13_000), cost: null, taxRateId: null, version: 2 });
    const stale = await agent
      .put(`/api/price-book/${id}`)
      .send({ name: "Drain", kind: "service", unitPrice: usd(1), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "stale", current: { version: 2, unitPrice: usd(13_000) } });

    expect((await agent.delete(`/api/price-book/${id}`)).status).toBe(204);
    const gone = await agent.get(`/api/price-book/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(PRICE_BOOK_ITEM_NOT_FOUND);
  });

  it("answers 400 with the field's message and 409 for a name taken", async () => {
    const { company, agent } = await withRate();
    const foreignRate = (await withRate()).rateId;
    const cases: [object, string, string][] = [
      [{ name: " " }, "name", PRICE_BOOK_NAME_REQUIRED],
      [{ kind: "labour" }, "kind", PRICE_BOOK_KIND_INVALID],
      [{ unitPrice: usd(12.5) }, "unitPrice.amount", AMOUNT_INVALID],
      [{ unitPrice: usd(-1) }, "unitPrice.amount", AMOUNT_INVALID],
      [{ unitPrice: { amount: 100, currency: "EUR" } }, "unitPrice.currency", currencyNotTheCompanys("USD")],
      [{ taxRateId: foreignRate }, "taxRateId", TAX_RATE_UNKNOWN],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(agent, company.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toContainEqual({ path: field, message });
    }
    expect((await create(agent, company.id)).status).toBe(201);
    const taken = await create(agent, company.id, { name: "DRAIN CLEARING" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(PRICE_BOOK_NAME_TAKEN);
  });

  it("exports formula-safe CSV that the import reads back, previewing first", async () => {
    const { company, agent, rateId } = await withRate();
    await create(agent, company.id, { name: "=HYPERLINK(1)", taxRateId: rateId, cost: usd(5_050) });
    const csv = await agent.get(`/api/price-book.csv?companyId=${company.id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.text).toBe(
      "\ufeffName,Kind,Unit price,Cost,Currency,Tax rate,Unit\r\n'=HYPERLINK(1),service,125.00,50.50,USD,Sales tax (8.875%),hour\r\n",
    );

    const sheet = [
      "Name,Kind,Unit price,Cost,Currency,Tax rate,Unit",
      "'=HYPERLINK(1),service,130.00,50.50,USD,Sales tax (8.875%),hour",
      'Copper pipe 15mm,material,"1,204.5",,USD,,m',
      "",
      "Bad price,material,12.345,,,,",
      "Wrong money,material,1,,EUR,,",
      "Ghost tax,service,1,,,VAT,",
    ].join("\n");
    const preview = await agent
      .post("/api/price-book/import")
      .send({ companyId: company.id, csv: sheet, dryRun: true });
    expect(preview.status).toBe(200);
    // The exported name comes back without its guard quote: row 2 updates the item it was.
    expect(preview.body).toEqual({
      created: 1,
      updated: 1,
      unchanged: 0,
      skipped: 4,
      dryRun: true,
      errors: [
        { row: 5, message: "Unit price must be an amount in USD, e.g. 19.99" },
        { row: 6, message: currencyNotTheCompanys("USD") },
        { row: 7, message: "Unknown tax rate: VAT" },
      ],
      changes: [
        { row: 2, name: "=HYPERLINK(1)", action: "update" },
        { row: 3, name: "Copper pipe 15mm", action: "create" },
      ],
    });
    expect((await agent.get(`/api/price-book?companyId=${company.id}`)).body).toHaveLength(1);

    const done = await agent.post("/api/price-book/import").send({ companyId: company.id, csv: sheet });
    expect(done.body).toMatchObject({ created: 1, updated: 1, dryRun: false });
    const items = (await agent.get(`/api/price-book?companyId=${company.id}`)).body;
    expect(items.find((i: { name: string }) => i.name === "=HYPERLINK(1)")).toMatchObject({
      unitPrice: usd(13_000),
      version: 2,
    });
    expect(items.find((i: { name: string }) => i.name === "Copper pipe 15mm")).toMatchObject({
      kind: "material",
      unitPrice: usd(120_450),
      unit: "m",
    });
    const again = await agent.post("/api/price-book/import").send({ companyId: company.id, csv: sheet });
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it("refuses an import without Name and Unit price columns", async () => {
    const { company, agent } = await withRate();
    const res = await agent
      .post("/api/price-book/import")
      .send({ companyId: company.id, csv: "Title,Cost\nA,1" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The first row must name the columns, among them Name and Unit price");
  });
});
