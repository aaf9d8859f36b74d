/**
 * Quotes (docs/quotes.md) for the role matrix (role-matrix-routes.ts) and the property suite
 * (property-input-targets.ts): owners and admins make, change, send and delete them; the
 * public page's routes open by their token alone, whoever calls.
 */
import { randomUUID } from "node:crypto";
import { takeNumber } from "@sched/core/commands/create-invoice";
import { db } from "@sched/core/db/client";
import { customers, quoteLines, quoteOptions, quotes } from "@sched/core/db/schema";
import { quoteToken } from "@sched/core/quotes/quote-token";
import type { Target } from "./property-input-targets";
import { type Entry, office, officeById } from "./role-matrix-support";

const usd = (amount: number) => ({ amount, currency: "USD" });

/** A customer of the company with an e-mail address. */
export async function quoteCustomer(companyId: string, fields: Partial<typeof customers.$inferInsert> = {}) {
  const [customer] = await db
    .insert(customers)
    .values({
      companyId,
      name: "Quinn Quote",
      email: `quinn-${randomUUID().slice(0, 8)}@example.test`,
      address: "12 Quote Lane",
      ...fields,
    })
    .returning();
  return customer;
}

/** A quote of one option ("Good", one line of 10.00), stored directly, in `status`. */
export async function storedQuote(
  companyId: string,
  status: "draft" | "sent" = "sent",
  expiresOn = "2999-12-31",
) {
  const customer = await quoteCustomer(companyId);
  const [quote] = await db
    .insert(quotes)
    .values({
      companyId,
      customerId: customer.id,
      number: await takeNumber(db, companyId, "quote"),
      status,
      expiresOn,
      currency: "USD",
      pricesIncludeTax: false,
      sentAt: status === "sent" ? new Date() : null,
    })
    .returning();
  const [option] = await db
    .insert(quoteOptions)
    .values({
      quoteId: quote.id,
      companyId,
      name: "Good",
      position: 0,
      subtotal: 1_000,
      tax: 0,
      total: 1_000,
    })
    .returning();
  await db.insert(quoteLines).values({
    optionId: option.id,
    companyId,
    name: "Service call",
    quantityThousandths: 1000,
    unitPrice: 1_000,
    position: 0,
    net: 1_000,
    tax: 0,
    gross: 1_000,
  });
  return { quote, option, customer, token: quoteToken(quote.id) };
}

/** The customer the last create path made, for its body. */
let lastCustomerId: string | undefined;
/** The option the last approve path made, for its body. */
let lastOptionId: string | undefined;

export const quoteBody = (customerId: string) => ({
  customerId,
  expiresOn: "2999-12-31",
  notes: "Gate code 1234",
  options: [{ name: "Good", lines: [{ name: "Service call", quantity: 1, unitPrice: usd(10_000) }] }],
});

const anyone = { owner: 200, admin: 200, employee: 200, nonMember: 200 } as const;

export const QUOTE_ROUTES: Entry[] = [
  { route: "GET /api/quotes", path: (c) => `/api/quotes?companyId=${c.companyId}`, expected: office },
  {
    route: "POST /api/quotes",
    path: async (c) => {
      lastCustomerId = (await quoteCustomer(c.companyId)).id;
      return "/api/quotes";
    },
    body: (c) => ({ companyId: c.companyId, ...quoteBody(lastCustomerId ?? randomUUID()) }),
    expected: office,
  },
  {
    route: "GET /api/quotes/:id",
    path: async (c) => `/api/quotes/${(await storedQuote(c.companyId)).quote.id}`,
    expected: officeById,
  },
  {
    route: "PUT /api/quotes/:id",
    path: async (c) => {
      const { quote, customer } = await storedQuote(c.companyId);
      lastCustomerId = customer.id;
      return `/api/quotes/${quote.id}`;
    },
    body: () => quoteBody(lastCustomerId ?? randomUUID()),
    expected: officeById,
  },
  {
    route: "DELETE /api/quotes/:id",
    path: async (c) => `/api/quotes/${(await storedQuote(c.companyId, "draft")).quote.id}`,
    expected: officeById,
  },
  {
    route: "POST /api/quotes/:id/send",
    path: async (c) => `/api/quotes/${(await storedQuote(c.companyId, "draft")).quote.id}/send`,
    body: () => ({}),
    expected: officeById,
  },
  {
    route: "GET /api/public/quotes/:token",
    path: async (c) => `/api/public/quotes/${(await storedQuote(c.companyId)).token}`,
    expected: anyone,
  },
  {
    route: "POST /api/public/quotes/:token/approve",
    path: async (c) => {
      const { token, option } = await storedQuote(c.companyId);
      lastOptionId = option.id;
      return `/api/public/quotes/${token}/approve`;
    },
    body: () => ({ option: lastOptionId ?? randomUUID(), name: "Quinn Quote" }),
    expected: anyone,
  },
  {
    route: "POST /api/public/quotes/:token/decline",
    path: async (c) => `/api/public/quotes/${(await storedQuote(c.companyId)).token}/decline`,
    body: () => ({ reason: "Too dear" }),
    expected: anyone,
  },
];

const QUOTE_KEYS = ["companyId", "customerId", "options", "expiresOn", "jobType", "notes", "deposit"];

/** Bad input never answers 500. */
export const QUOTE_TARGETS: Target[] = [
  {
    name: "GET /api/quotes",
    method: "get",
    path: () => "/api/quotes",
    query: {
      valid: (ctx) => [
        ["companyId", ctx.companyId],
        ["status", "sent"],
        ["customerId", ctx.customerId],
      ],
    },
  },
  {
    name: "POST /api/quotes",
    method: "post",
    path: () => "/api/quotes",
    body: {
      valid: (ctx) => ({ companyId: ctx.companyId, ...quoteBody(ctx.customerId) }),
      shape: { keys: QUOTE_KEYS, dateKeys: ["expiresOn"], textKeys: ["notes"] },
    },
  },
  {
    name: "PUT /api/quotes/:id",
    method: "put",
    path: async (ctx) => `/api/quotes/${(await storedQuote(ctx.companyId)).quote.id}`,
    body: {
      valid: (ctx) => quoteBody(ctx.customerId),
      shape: { keys: [...QUOTE_KEYS, "version"], dateKeys: ["expiresOn"], textKeys: ["notes"] },
    },
  },
  {
    name: "POST /api/quotes/:id/send",
    method: "post",
    path: async (ctx) => `/api/quotes/${(await storedQuote(ctx.companyId, "draft")).quote.id}/send`,
    body: { valid: () => ({ channel: "email" }), shape: { keys: ["channel", "version"] } },
  },
  {
    name: "POST /api/public/quotes/:token/approve",
    method: "post",
    path: async (ctx) => {
      const { token, option } = await storedQuote(ctx.companyId);
      lastOptionId = option.id;
      return `/api/public/quotes/${token}/approve`;
    },
    signedOut: true,
    body: {
      valid: () => ({ option: lastOptionId ?? randomUUID(), name: "Quinn Quote", optionalLineIds: [] }),
      shape: { keys: ["option", "name", "optionalLineIds"], textKeys: ["name"] },
    },
  },
  {
    name: "POST /api/public/quotes/:token/decline",
    method: "post",
    path: async (ctx) => `/api/public/quotes/${(await storedQuote(ctx.companyId)).token}/decline`,
    signedOut: true,
    body: { valid: () => ({ reason: "Too dear" }), shape: { keys: ["reason"], textKeys: ["reason"] } },
  },
];

export const QUOTE_PATH_ONLY_ROUTES = [
  "GET /api/quotes/:id",
  "DELETE /api/quotes/:id",
  "GET /api/public/quotes/:token",
];
