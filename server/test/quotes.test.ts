/**
 * Quotes (docs/quotes.md): who may, the 400s' words, the totals, sending, and the customer's
 * page: viewed, approved exactly once (two at once), declined, expired.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { jobItems, jobs, mailOutbox, priceBookItems, quotes } from "@sched/core/db/schema";
import { quoteToken } from "@sched/core/quotes/quote-token";
import { buildTenant } from "@sched/core/test/factories";
import {
  type JobDTO,
  QUOTE_ALREADY_APPROVED,
  QUOTE_ALREADY_DECLINED,
  QUOTE_CUSTOMER_UNKNOWN,
  QUOTE_DECLINE_REASON_REQUIRED,
  QUOTE_DISCOUNT_BOTH,
  QUOTE_DISCOUNT_TOO_LARGE,
  QUOTE_EXPIRED,
  QUOTE_EXPIRES_IN_PAST,
  QUOTE_LINE_PRICE_REQUIRED,
  QUOTE_NO_PHONE,
  QUOTE_NOT_DRAFT,
  QUOTE_NOT_EDITABLE,
  QUOTE_NOT_FOUND,
  QUOTE_OPTION_UNKNOWN,
  QUOTE_OPTIONS_REQUIRED,
  QUOTE_SIGNATURE_REQUIRED,
  type QuoteSummaryDTO,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoicingTenant, usd } from "./invoices-support";
import { quoteBody, quoteCustomer } from "./quote-routes";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

/** A company with a tax rate and a priced item (95.00 taxed 8.875 %), and a customer. */
async function quotingTenant() {
  const tenant = await invoicingTenant();
  const [labour] = await db
    .insert(priceBookItems)
    .values({
      companyId: tenant.company.id,
      name: "Labour",
      kind: "service",
      unitPrice: 9_500,
      currency: "USD",
      taxRateId: tenant.rate.id,
      unit: "hour",
    })
    .returning();
  const customer = await quoteCustomer(tenant.company.id);
  /** Good: 1.5 h labour and a washer 10.05 less 10 %; Better: the same and an optional 50.00. */
  const body = () => ({
    companyId: tenant.company.id,
    customerId: customer.id,
    expiresOn: "2999-12-31",
    notes: "Gate code 1234",
    options: [
      {
        name: "Good",
        lines: [
          { priceBookItemId: labour.id, quantity: 1.5 },
          { name: "Washer", quantity: 1, unitPrice: usd(1_005), discountPercent: 10 },
        ],
      },
      {
        name: "Better",
        lines: [
          { priceBookItemId: labour.id, quantity: 1.5 },
          { name: "Washer", quantity: 1, unitPrice: usd(1_005), discountPercent: 10 },
          { name: "Filter", quantity: 1, unitPrice: usd(5_000), optional: true },
        ],
      },
    ],
  });
  const make = async () => {
    const res = await tenant.office.post("/api/quotes").send(body());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as {
      id: string;
      number: number;
      version: number;
      options: { id: string; lines: { id: string; optional: boolean }[] }[];
    };
  };
  const sent = async () => {
    const quote = await make();
    const res = await tenant.office.post(`/api/quotes/${quote.id}/send`).send({ channel: "email" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...quote, token: res.body.url.split("/").pop() as string };
  };
  return { ...tenant, labour, customer, body, make, sent };
}

const messages = (res: { body: { message?: string; errors?: { message: string }[] } }) => [
  res.body.message,
  ...(res.body.errors ?? []).map((error) => error.message),
];

describe("/api/quotes", () => {
  it("answers 401 signed out, 403 to a technician, 404 on another company's quote", async () => {
    const { company, office, tech, make, body } = await quotingTenant();
    expect((await anonymous().post("/api/quotes").send(body())).status).toBe(401);
    expect((await tech.post("/api/quotes").send(body())).status).toBe(403);
    expect((await tech.get(`/api/quotes?companyId=${company.id}`)).status).toBe(403);
    const quote = await make();
    expect((await tech.get(`/api/quotes/${quote.id}`)).status).toBe(403);
    const stranger = await agentFor((await buildTenant()).owner);
    for (const [method, path] of [
      ["get", `/api/quotes/${quote.id}`],
      ["put", `/api/quotes/${quote.id}`],
      ["delete", `/api/quotes/${quote.id}`],
      ["post", `/api/quotes/${quote.id}/send`],
    ] as const) {
      const res = await stranger[method](path).send(method === "put" ? body() : {});
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(QUOTE_NOT_FOUND);
    }
    expect((await office.get(`/api/quotes/${randomUUID()}`)).status).toBe(404);
  });

  it("refuses bad quotes with their exact words", async () => {
    const { office, body, company } = await quotingTenant();
    const other = await quoteCustomer((await buildTenant()).company.id);
    const line = { name: "Washer", quantity: 1, unitPrice: usd(1_005) };
    const cases: [object, string][] = [
      [{ options: [] }, QUOTE_OPTIONS_REQUIRED],
      [{ options: [{ name: "Good", lines: [{ name: "Washer", quantity: 1 }] }] }, QUOTE_LINE_PRICE_REQUIRED],
      [
        { options: [{ name: "Good", lines: [{ ...line, discountPercent: 5, discountAmount: usd(1) }] }] },
        QUOTE_DISCOUNT_BOTH,
      ],
      [
        { options: [{ name: "Good", lines: [{ ...line, discountAmount: usd(1_006) }] }] },
        QUOTE_DISCOUNT_TOO_LARGE,
      ],
      [{ expiresOn: "2020-01-01" }, QUOTE_EXPIRES_IN_PAST],
      [{ customerId: other.id }, QUOTE_CUSTOMER_UNKNOWN],
    ];
    for (const [change, message] of cases) {
      const res = await office.post("/api/quotes").send({ ...body(), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(messages(res), JSON.stringify(change)).toContain(message);
    }
    expect((await office.get(`/api/quotes?companyId=${company.id}`)).body).toEqual([]);
  });

  it("prices each option: tax and discount half-even per line, optional lines out of the totals", async () => {
    const { office, body, company, customer } = await quotingTenant();
    const key = randomUUID();
    const send = () => office.post("/api/quotes").set("Idempotency-Key", key).send(body());
    const res = await send();
    expect(res.status).toBe(201);
    expect((await send()).body).toEqual(res.body);
    // 1.5 x 95.00 = 142.50, tax 8.875 % = 12.646875 -> 12.65; 10.05 less 10 % (1.005 -> 1.00) = 9.05.
    expect(res.body).toMatchObject({
      number: 1,
      status: "draft",
      customerId: customer.id,
      customerName: customer.name,
      currency: "USD",
      notes: "Gate code 1234",
      version: 1,
      jobIds: [],
    });
    const [good, better] = res.body.options;
    expect(good).toMatchObject({ name: "Good", subtotal: usd(15_155), tax: usd(1_265), total: usd(16_420) });
    expect(good.lines[1]).toMatchObject({ discount: usd(100), net: usd(905), discountPercent: 10 });
    expect(better).toMatchObject({ subtotal: usd(15_155), total: usd(16_420) });
    expect(better.lines[2]).toMatchObject({ optional: true, chosen: false, gross: usd(5_000) });

    const listed = await office.get(
      `/api/quotes?companyId=${company.id}&customerId=${customer.id}&status=draft`,
    );
    expect(listed.body.map((quote: QuoteSummaryDTO) => [quote.number, quote.options[1].total])).toEqual([
      [1, usd(16_420)],
    ]);
    expect((await office.get(`/api/quotes?companyId=${company.id}&status=sent`)).body).toEqual([]);
  });

  it("changes an open quote on its version (409 stale), deletes only a draft", async () => {
    const { office, make, customer } = await quotingTenant();
    const quote = await make();
    const changed = await office
      .put(`/api/quotes/${quote.id}`)
      .send({ ...quoteBody(customer.id), version: quote.version });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ version: 2, options: [{ name: "Good", total: usd(10_000) }] });
    const stale = await office
      .put(`/api/quotes/${quote.id}`)
      .send({ ...quoteBody(customer.id), version: quote.version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale");
    expect((await office.post(`/api/quotes/${quote.id}/send`).send({})).status).toBe(200);
    const notDraft = await office.delete(`/api/quotes/${quote.id}`);
    expect(notDraft.status).toBe(409);
    expect(notDraft.body.message).toBe(QUOTE_NOT_DRAFT);
    const draft = await make();
    expect((await office.delete(`/api/quotes/${draft.id}`)).status).toBe(204);
    expect((await office.get(`/api/quotes/${draft.id}`)).status).toBe(404);
  });

  it("sends the link by e-mail through the outbox, again on a resend, and announces it to the office", async () => {
    const { owner, office, make } = await quotingTenant();
    const quote = await make();
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const heard = nextEvent<QuoteSummaryDTO>(socket, "quote.updated");
    const res = await office.post(`/api/quotes/${quote.id}/send`).send({});
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`/quote/${quote.id}\\.[A-Za-z0-9_-]{43}$`));
    expect(res.body.quote).toMatchObject({ status: "sent", version: 2 });
    expect(await heard).toMatchObject({ id: quote.id, status: "sent" });
    const owed = () =>
      db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "quote_sent"), eq(mailOutbox.subjectId, quote.id)));
    expect(await owed()).toHaveLength(1);
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.subjectId, quote.id));
    expect((await office.post(`/api/quotes/${quote.id}/send`).send({})).status).toBe(200);
    expect((await owed())[0].sentAt).toBeNull();
    // The customer has no phone: no text.
    const text = await office.post(`/api/quotes/${quote.id}/send`).send({ channel: "text" });
    expect(text.status).toBe(400);
    expect(messages(text)).toContain(QUOTE_NO_PHONE);
    socket.disconnect();
  });
});

describe("/api/public/quotes/:token", () => {
  it("shows this quote only; the first read marks it viewed; a draft or a forged link is not found", async () => {
    const { office, sent, make, company } = await quotingTenant();
    const quote = await sent();
    const res = await anonymous().get(`/api/public/quotes/${quote.token}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-cache");
    expect(res.body).toMatchObject({
      number: quote.number,
      status: "viewed",
      customerName: "Quinn Quote",
      company: { name: company.name, documentAddress: "9 Pipe Lane, Springfield", taxNumbers: [] },
    });
    expect(res.body).not.toHaveProperty("companyId");
    expect(res.body).not.toHaveProperty("customerId");
    expect((await office.get(`/api/quotes/${quote.id}`)).body.viewedAt).not.toBeNull();
    const draft = await make();
    for (const token of [quoteToken(draft.id), `${quote.id}.${"A".repeat(43)}`, "nonsense"]) {
      const missing = await anonymous().get(`/api/public/quotes/${token}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(QUOTE_NOT_FOUND);
    }
  });

  it("approves one option exactly once under two approvals at once: one job in the tray with its items", async () => {
    const { office, sent, company, customer } = await quotingTenant();
    const quote = await sent();
    const better = quote.options[1];
    const optional = better.lines.find((line) => line.optional);
    const path = `/api/public/quotes/${quote.token}/approve`;
    const unknown = await anonymous().post(path).send({ option: randomUUID(), name: "Quinn" });
    expect(unknown.status).toBe(400);
    expect(messages(unknown)).toContain(QUOTE_OPTION_UNKNOWN);
    const unsigned = await anonymous().post(path).send({ option: better.id, name: " " });
    expect(messages(unsigned)).toContain(QUOTE_SIGNATURE_REQUIRED);

    const body = { option: better.id, name: "Quinn Quote", optionalLineIds: [optional?.id] };
    const answers = await Promise.all([anonymous().post(path).send(body), anonymous().post(path).send(body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body.message).toBe(QUOTE_ALREADY_APPROVED);
    const approved = answers.find((answer) => answer.status === 200)?.body;
    // The chosen optional filter is in the approved total now: 164.20 + 50.00.
    expect(approved).toMatchObject({
      status: "approved",
      approvedOptionId: better.id,
      approvedBy: "Quinn Quote",
      options: [{ total: usd(16_420) }, { total: usd(21_420) }],
    });

    const made = await db.select().from(jobs).where(eq(jobs.quoteId, quote.id));
    expect(made).toHaveLength(1);
    const tray = await office.get(`/api/jobs?companyId=${company.id}&unscheduled=true`);
    const job = (tray.body as JobDTO[]).find((entry) => entry.id === made[0].id);
    expect(job).toMatchObject({
      // The quote's job type (Repair unless the office chose another); what was approved heads the description.
      type: "Repair",
      description: expect.stringMatching(new RegExp(`^Quote Q-${quote.number}: Better`)),
      customerId: customer.id,
      location: "12 Quote Lane",
      date: null,
      employeeId: null,
    });
    const items = await db.select().from(jobItems).where(eq(jobItems.jobId, made[0].id));
    expect(items.map((item) => [item.quantityThousandths, item.unitPrice]).sort()).toEqual(
      [
        [1000, 905],
        [1000, 5_000],
        [1500, 9_500],
      ].sort(),
    );
    expect((await office.get(`/api/quotes/${quote.id}`)).body).toMatchObject({
      status: "approved",
      jobIds: [made[0].id],
    });
    // Decided: no change, no decline, no second approval.
    const edit = await office.put(`/api/quotes/${quote.id}`).send(quoteBody(customer.id));
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(QUOTE_NOT_EDITABLE);
    const decline = await anonymous().post(`/api/public/quotes/${quote.token}/decline`).send({ reason: "x" });
    expect(decline.body.message).toBe(QUOTE_ALREADY_APPROVED);
  });

  it("declines with a reason; a declined quote is not approved", async () => {
    const { office, sent } = await quotingTenant();
    const quote = await sent();
    const decline = (reason: string) =>
      anonymous().post(`/api/public/quotes/${quote.token}/decline`).send({ reason });
    const blank = await decline("  ");
    expect(blank.status).toBe(400);
    expect(messages(blank)).toContain(QUOTE_DECLINE_REASON_REQUIRED);
    const res = await decline("We went with another company");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "declined", declineReason: "We went with another company" });
    const approve = await anonymous()
      .post(`/api/public/quotes/${quote.token}/approve`)
      .send({ option: quote.options[0].id, name: "Quinn" });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe(QUOTE_ALREADY_DECLINED);
    expect((await office.get(`/api/quotes/${quote.id}`)).body.status).toBe("declined");
  });

  it("shows an expired quote as expired and refuses its approval", async () => {
    const { office, sent, company } = await quotingTenant();
    const quote = await sent();
    await db.update(quotes).set({ expiresOn: "2020-01-01" }).where(eq(quotes.id, quote.id));
    expect((await anonymous().get(`/api/public/quotes/${quote.token}`)).body.status).toBe("expired");
    const approve = await anonymous()
      .post(`/api/public/quotes/${quote.token}/approve`)
      .send({ option: quote.options[0].id, name: "Quinn" });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe(QUOTE_EXPIRED);
    const listed = await office.get(`/api/quotes?companyId=${company.id}&status=expired`);
    expect(listed.body.map((entry: QuoteSummaryDTO) => entry.id)).toEqual([quote.id]);
    expect((await db.select().from(jobs).where(eq(jobs.quoteId, quote.id))).length).toBe(0);
  });
});
