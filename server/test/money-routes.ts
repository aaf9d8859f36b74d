/**
 * Money settings, the price book and job items (docs/money.md) for the role matrix
 * (role-matrix-routes.ts) and the property suite (property-input-targets.ts): owners and
 * admins manage; a technician adds items on jobs (their own, when linked), reads the price
 * book without prices unless the company shows them, and reads their own job's invoice.
 */
import { randomUUID } from "node:crypto";
import { takeNumber } from "@sched/core/commands/create-invoice";
import { db } from "@sched/core/db/client";
import { invoices, jobItems, payments, priceBookItems } from "@sched/core/db/schema";
import { buildEmployee, buildJob } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import type { Target } from "./property-input-targets";
import { type Entry, office, officeById, read } from "./role-matrix-support";

const usd = (amount: number) => ({ amount, currency: "USD" });

async function priceBookItem(companyId: string) {
  const [item] = await db
    .insert(priceBookItems)
    .values({
      companyId,
      name: `Matrix item ${randomUUID()}`,
      kind: "material",
      unitPrice: 1_250,
      currency: "USD",
    })
    .returning();
  return item;
}

async function jobItemPath(companyId: string) {
  const job = await buildJob(companyId, (await buildEmployee(companyId)).id);
  const [item] = await db
    .insert(jobItems)
    .values({
      companyId,
      jobId: job.id,
      name: "Trap",
      quantityThousandths: 1000,
      unitPrice: 1_999,
      currency: "USD",
    })
    .returning();
  return `/api/jobs/${job.id}/items/${item.id}`;
}

/** An invoice of the company, numbered from its counter, for the routes by id. */
async function invoicePath(companyId: string) {
  const [invoice] = await db
    .insert(invoices)
    .values({
      companyId,
      number: await takeNumber(db, companyId, "invoice"),
      currency: "USD",
      pricesIncludeTax: false,
      subtotal: 1_000,
      tax: 0,
      total: 1_000,
      issuedOn: "2026-11-23",
      dueOn: "2026-12-07",
    })
    .returning();
  return `/api/invoices/${invoice.id}`;
}

/** A payment of 5.00 on an invoice of 10.00 of the company, for the refund route. */
async function paymentPath(companyId: string) {
  const invoiceId = (await invoicePath(companyId)).split("/").pop() as string;
  await db.update(invoices).set({ paid: 500 }).where(eq(invoices.id, invoiceId));
  const [payment] = await db
    .insert(payments)
    .values({ companyId, invoiceId, amount: 500, currency: "USD", method: "cash", receivedOn: "2026-11-23" })
    .returning();
  return `/api/payments/${payment.id}`;
}

/** The invoice the last payment path made, for its body. */
let lastInvoiceId: string | undefined;

const paymentBody = () => ({
  invoiceId: lastInvoiceId ?? randomUUID(),
  amount: usd(100),
  method: "cash",
  receivedOn: "2026-11-23",
});

/** A job with an item to invoice. */
async function billableJob(companyId: string) {
  const job = await buildJob(companyId, (await buildEmployee(companyId)).id, { amount: "120.00" });
  return job.id;
}

/** The job the last invoice path made, for its body. */
let lastJobId: string | undefined;

/** The price book item the last job-item path made, for its body (the walk asks for the path first). */
let lastItemId: string | undefined;

export const MONEY_ROUTES: Entry[] = [
  {
    route: "GET /api/companies/:companyId/money-settings",
    path: (c) => `/api/companies/${c.companyId}/money-settings`,
    expected: { owner: 200, admin: 200, employee: 200, nonMember: 403 },
  },
  {
    route: "PUT /api/companies/:companyId/money-settings",
    path: (c) => `/api/companies/${c.companyId}/money-settings`,
    body: () => ({ paymentTermsDays: 14 }),
    expected: office,
  },
  {
    route: "GET /api/price-book.csv",
    path: (c) => `/api/price-book.csv?companyId=${c.companyId}`,
    expected: office,
  },
  // A technician reads it to pick items, without prices until the company shows them.
  { route: "GET /api/price-book", path: (c) => `/api/price-book?companyId=${c.companyId}`, expected: read },
  {
    route: "POST /api/price-book",
    path: () => "/api/price-book",
    body: (c) => ({
      companyId: c.companyId,
      name: `Matrix ${randomUUID()}`,
      kind: "service",
      unitPrice: usd(100),
    }),
    expected: office,
  },
  {
    route: "POST /api/price-book/import",
    path: () => "/api/price-book/import",
    body: (c) => ({ companyId: c.companyId, csv: "Name,Unit price\nValve,12.50", dryRun: true }),
    expected: office,
  },
  {
    route: "GET /api/price-book/:id",
    path: async (c) => `/api/price-book/${(await priceBookItem(c.companyId)).id}`,
    expected: { owner: 200, admin: 200, employee: 200, nonMember: 404 },
  },
  {
    route: "PUT /api/price-book/:id",
    path: async (c) => `/api/price-book/${(await priceBookItem(c.companyId)).id}`,
    body: () => ({ name: `Matrix ${randomUUID()}`, kind: "material", unitPrice: usd(1_500) }),
    expected: officeById,
  },
  {
    route: "DELETE /api/price-book/:id",
    path: async (c) => `/api/price-book/${(await priceBookItem(c.companyId)).id}`,
    expected: officeById,
  },
  {
    route: "GET /api/jobs/:id/items",
    path: async (c) => `/api/jobs/${(await c.make.job()).id}/items`,
    expected: { owner: 200, admin: 200, employee: 200, nonMember: 404 },
  },
  {
    route: "POST /api/jobs/:id/items",
    path: async (c) => {
      lastItemId = (await priceBookItem(c.companyId)).id;
      return `/api/jobs/${(await c.make.job()).id}/items`;
    },
    body: () => ({ priceBookItemId: lastItemId ?? randomUUID(), quantity: 1.5 }),
    expected: { owner: 201, admin: 201, employee: 201, nonMember: 404 },
  },
  {
    route: "DELETE /api/jobs/:id/items/:itemId",
    path: (c) => jobItemPath(c.companyId),
    expected: { owner: 204, admin: 204, employee: 204, nonMember: 404 },
  },
  // Who may take a payment for the job: the matrix's technician is linked to no roster employee.
  {
    route: "GET /api/jobs/:id/invoice",
    path: async (c) => `/api/jobs/${(await c.make.job()).id}/invoice`,
    expected: { owner: 200, admin: 200, employee: 403, nonMember: 404 },
  },
  { route: "GET /api/invoices", path: (c) => `/api/invoices?companyId=${c.companyId}`, expected: office },
  {
    route: "POST /api/invoices",
    path: async (c) => {
      lastJobId = await billableJob(c.companyId);
      return "/api/invoices";
    },
    body: (c) => ({ companyId: c.companyId, jobIds: [lastJobId ?? randomUUID()] }),
    expected: office,
  },
  { route: "GET /api/invoices/:id", path: (c) => invoicePath(c.companyId), expected: officeById },
  {
    route: "GET /api/invoices/:id.pdf",
    path: async (c) => `${await invoicePath(c.companyId)}.pdf`,
    expected: officeById,
  },
  {
    route: "POST /api/invoices/:id/void",
    path: async (c) => `${await invoicePath(c.companyId)}/void`,
    body: () => ({ reason: "Wrong customer" }),
    expected: officeById,
  },
  {
    route: "POST /api/invoices/:id/credit-notes",
    path: async (c) => `${await invoicePath(c.companyId)}/credit-notes`,
    body: () => ({ amount: usd(100), reason: "Goodwill" }),
    expected: officeById,
  },
  {
    route: "POST /api/invoices/:id/send",
    path: async (c) => `${await invoicePath(c.companyId)}/send`,
    body: () => ({}),
    expected: officeById,
  },
  // A technician records payments only on invoices of their own jobs (payments.test.ts).
  {
    route: "POST /api/payments",
    path: async (c) => {
      lastInvoiceId = (await invoicePath(c.companyId)).split("/").pop();
      return "/api/payments";
    },
    body: paymentBody,
    expected: { owner: 201, admin: 201, employee: 403, nonMember: 404 },
  },
  {
    route: "GET /api/invoices/:id/payments",
    path: async (c) => `${await invoicePath(c.companyId)}/payments`,
    expected: officeById,
  },
  {
    route: "POST /api/payments/:id/refund",
    path: async (c) => `${await paymentPath(c.companyId)}/refund`,
    body: () => ({ amount: usd(100) }),
    expected: officeById,
  },
];

/** Bad input never answers 500. */
export const MONEY_TARGETS: Target[] = [
  {
    name: "PUT /api/companies/:companyId/money-settings",
    method: "put",
    path: (ctx) => `/api/companies/${ctx.companyId}/money-settings`,
    body: {
      valid: () => ({
        currency: "USD",
        pricesIncludeTax: false,
        techniciansSeePrices: true,
        taxNumbers: [{ label: "EIN", value: "12-3456789" }],
        documentAddress: "1 Main St",
        paymentTermsDays: 30,
        reminderDays: [5, 10],
        taxRates: [{ name: "Sales tax", percent: 8.875 }],
      }),
      shape: {
        keys: [
          "currency",
          "pricesIncludeTax",
          "techniciansSeePrices",
          "taxNumbers",
          "documentAddress",
          "paymentTermsDays",
          "reminderDays",
          "taxRates",
          "version",
        ],
        textKeys: ["documentAddress"],
      },
    },
  },
  {
    name: "GET /api/price-book",
    method: "get",
    path: () => "/api/price-book",
    query: { valid: (ctx) => [["companyId", ctx.companyId]] },
  },
  {
    name: "GET /api/price-book.csv",
    method: "get",
    path: () => "/api/price-book.csv",
    query: { valid: (ctx) => [["companyId", ctx.companyId]] },
  },
  {
    name: "POST /api/price-book",
    method: "post",
    path: () => "/api/price-book",
    body: {
      valid: (ctx) => ({
        companyId: ctx.companyId,
        name: `Prop ${randomUUID()}`,
        kind: "service",
        unitPrice: usd(100),
        cost: usd(50),
        unit: "hour",
      }),
      shape: {
        keys: ["companyId", "name", "kind", "unitPrice", "cost", "taxRateId", "unit"],
        textKeys: ["name"],
      },
    },
  },
  {
    name: "PUT /api/price-book/:id",
    method: "put",
    path: async (ctx) => `/api/price-book/${(await priceBookItem(ctx.companyId)).id}`,
    body: {
      valid: () => ({ name: `Prop ${randomUUID()}`, kind: "material", unitPrice: usd(100) }),
      shape: {
        keys: ["name", "kind", "unitPrice", "cost", "taxRateId", "unit", "version"],
        textKeys: ["name"],
      },
    },
  },
  {
    name: "POST /api/price-book/import",
    method: "post",
    path: () => "/api/price-book/import",
    body: {
      valid: (ctx) => ({
        companyId: ctx.companyId,
        csv: "Name,Unit price,Tax rate\nValve,12.50,",
        dryRun: true,
      }),
      shape: { keys: ["companyId", "csv", "dryRun"], textKeys: ["csv"] },
    },
  },
  {
    name: "POST /api/jobs/:id/items",
    method: "post",
    path: (ctx) => `/api/jobs/${ctx.jobId}/items`,
    body: {
      valid: () => ({ name: "Extra hour", quantity: 1.25, unitPrice: usd(9_000) }),
      shape: { keys: ["priceBookItemId", "name", "quantity", "unitPrice"], textKeys: ["name"] },
    },
  },
  {
    name: "GET /api/invoices",
    method: "get",
    path: () => "/api/invoices",
    query: {
      valid: (ctx) => [
        ["companyId", ctx.companyId],
        ["status", "draft"],
      ],
    },
  },
  {
    name: "POST /api/invoices",
    method: "post",
    path: () => "/api/invoices",
    body: {
      valid: (ctx) => ({ companyId: ctx.companyId, jobIds: [ctx.jobId] }),
      shape: { keys: ["companyId", "jobIds"] },
    },
  },
  {
    name: "POST /api/invoices/:id/void",
    method: "post",
    path: async (ctx) => `${await invoicePath(ctx.companyId)}/void`,
    body: {
      valid: () => ({ reason: "Wrong customer" }),
      shape: { keys: ["reason", "version"], textKeys: ["reason"] },
    },
  },
  {
    name: "POST /api/invoices/:id/credit-notes",
    method: "post",
    path: async (ctx) => `${await invoicePath(ctx.companyId)}/credit-notes`,
    body: {
      valid: () => ({ amount: usd(100), reason: "Goodwill" }),
      shape: { keys: ["amount", "reason", "version"], textKeys: ["reason"] },
    },
  },
  {
    name: "POST /api/payments",
    method: "post",
    path: async (ctx) => {
      lastInvoiceId = (await invoicePath(ctx.companyId)).split("/").pop();
      return "/api/payments";
    },
    body: {
      valid: () => ({ ...paymentBody(), reference: "Cheque 1042" }),
      shape: {
        keys: ["invoiceId", "amount", "method", "reference", "receivedOn", "version"],
        textKeys: ["reference"],
      },
    },
  },
  {
    name: "POST /api/invoices/:id/send",
    method: "post",
    path: async (ctx) => `${await invoicePath(ctx.companyId)}/send`,
    body: { valid: () => ({}), shape: { keys: ["version", "channel"] } },
  },
  {
    name: "POST /api/payments/:id/refund",
    method: "post",
    path: async (ctx) => `${await paymentPath(ctx.companyId)}/refund`,
    body: { valid: () => ({ amount: usd(100) }), shape: { keys: ["amount", "version"] } },
  },
];

export const MONEY_PATH_ONLY_ROUTES = [
  "GET /api/invoices/:id/payments",
  "GET /api/invoices/:id",
  "GET /api/invoices/:id.pdf",
  "GET /api/companies/:companyId/money-settings",
  "GET /api/price-book/:id",
  "DELETE /api/price-book/:id",
  "GET /api/jobs/:id/items",
  "GET /api/jobs/:id/invoice",
  "DELETE /api/jobs/:id/items/:itemId",
];
