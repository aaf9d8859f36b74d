/** The company's money settings and tax rates (docs/money.md). */
import { db } from "@sched/core/db/client";
import { companySettings, taxRates } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import { CURRENCY_INVALID, PERCENT_INVALID, TAX_RATE_UNKNOWN, VERSION_MESSAGE } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const path = (companyId: string) => `/api/companies/${companyId}/money-settings`;

describe("GET/PUT /api/companies/:companyId/money-settings", () => {
  it("answers 401 signed out, 403 to a stranger, and a technician reads but does not change", async () => {
    const { company, employeeUser } = await buildTenant();
    const stranger = (await buildTenant()).owner;
    expect((await anonymous().get(path(company.id))).status).toBe(401);
    expect((await (await agentFor(stranger)).get(path(company.id))).status).toBe(403);
    const tech = await agentFor(employeeUser);
    expect((await tech.get(path(company.id))).status).toBe(200);
    const refused = await tech.put(path(company.id)).send({ pricesIncludeTax: true });
    expect(refused.status).toBe(403);
  });

  it("reads defaults with the country's currency until the first save", async () => {
    const { company, owner } = await buildTenant();
    await db.insert(companySettings).values({ companyId: company.id, country: "DE" });
    const res = await (await agentFor(owner)).get(path(company.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      companyId: company.id,
      currency: "EUR",
      currencyExponent: 2,
      pricesIncludeTax: false,
      techniciansSeePrices: false,
      taxNumbers: [],
      documentAddress: null,
      paymentTermsDays: 14,
      reminderDays: [3, 7, 14],
      taxRates: [],
      logo: null,
      version: 0,
    });
  });

  it("saves what is sent, replaces the tax rates (archiving the one left out) and refuses a stale save", async () => {
    const { company, owner, admin } = await buildTenant();
    const agent = await agentFor(admin);
    const first = await agent.put(path(company.id)).send({
      currency: "kwd",
      pricesIncludeTax: true,
      taxNumbers: [{ label: "VAT", value: "KW123" }],
      documentAddress: "1 Gulf Rd",
      taxRates: [
        { name: "City", percent: 8.875 },
        { name: "Zero", percent: 0 },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      currency: "KWD",
      currencyExponent: 3,
      pricesIncludeTax: true,
      version: 1,
    });
    expect(first.body.taxRates.map((r: { percent: number }) => r.percent)).toEqual([8.875, 0]);
    const [city, zero] = first.body.taxRates;

    const second = await agent
      .put(path(company.id))
      .send({ version: 1, taxRates: [{ id: city.id, name: "City and state", percent: 9.5 }] });
    expect(second.status).toBe(200);
    expect(second.body.taxRates).toEqual([{ id: city.id, name: "City and state", percent: 9.5 }]);
    const [archived] = await db.select().from(taxRates).where(eq(taxRates.id, zero.id));
    expect(archived.archivedAt).not.toBeNull();

    const stale = await (await agentFor(owner))
      .put(path(company.id))
      .send({ version: 1, paymentTermsDays: 30 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "stale", current: { version: 2, paymentTermsDays: 14 } });
  });

  it("takes version 0 for the defaults never saved: of two first saves at once, one is 409 stale", async () => {
    const { company, owner, admin } = await buildTenant();
    const answers = await Promise.all([
      (await agentFor(owner)).put(path(company.id)).send({ version: 0, paymentTermsDays: 30 }),
      (await agentFor(admin)).put(path(company.id)).send({ version: 0, paymentTermsDays: 7 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const saved = answers.find((answer) => answer.status === 200)!;
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body).toMatchObject({
      code: "stale",
      current: { version: 1, paymentTermsDays: saved.body.paymentTermsDays },
    });
    const negative = await (await agentFor(owner)).put(path(company.id)).send({ version: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.errors).toEqual([
      expect.objectContaining({ path: "version", message: VERSION_MESSAGE }),
    ]);
  });

  it("answers 400 with the field's message", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const cases: [object, string, string][] = [
      [{ currency: "XXQ" }, "currency", CURRENCY_INVALID],
      [{ taxRates: [{ name: "Odd", percent: 8.8755 }] }, "taxRates.0.percent", PERCENT_INVALID],
      [{ taxRates: [{ name: "Big", percent: 101 }] }, "taxRates.0.percent", PERCENT_INVALID],
      [
        { taxRates: [{ id: "6a3f2d7e-0000-4000-8000-000000000000", name: "Ghost", percent: 1 }] },
        "taxRates.0.id",
        TAX_RATE_UNKNOWN,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await agent.put(path(company.id)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toContainEqual({ path: field, message });
    }
  });

  it("keeps the currency once the price book uses it", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const item = await agent.post("/api/price-book").send({
      companyId: company.id,
      name: "Call-out",
      kind: "service",
      unitPrice: { amount: 9500, currency: "USD" },
    });
    expect(item.status).toBe(201);
    const res = await agent.put(path(company.id)).send({ currency: "EUR" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "The currency cannot change once the price book, a job's items or an invoice use it",
    );
  });
});
