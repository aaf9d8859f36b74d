/**
 * The customer's invoice page's routes (docs/invoice-page.md) for the role matrix
 * (role-matrix-routes.ts) and the property suite (property-input-targets.ts): they open by
 * their token alone, whoever calls. The test server runs without Stripe keys: Pay answers
 * the demo step and the demo payment is recorded.
 */
import { takeNumber } from "@sched/core/commands/create-invoice";
import { db } from "@sched/core/db/client";
import { invoices } from "@sched/core/db/schema";
import { invoiceLink } from "@sched/core/payments/invoice-link";
import type { Entry } from "./role-matrix-support";

/** A sent invoice of 10.00 of the company and its page's token. */
export async function invoiceToken(companyId: string): Promise<string> {
  const [invoice] = await db
    .insert(invoices)
    .values({
      companyId,
      number: await takeNumber(db, companyId, "invoice"),
      status: "sent",
      currency: "USD",
      pricesIncludeTax: false,
      subtotal: 1_000,
      tax: 0,
      total: 1_000,
      issuedOn: "2026-11-23",
      dueOn: "2999-12-07",
      sentAt: new Date(),
    })
    .returning();
  return (await invoiceLink(db, invoice)).token;
}

const anyone = { owner: 200, admin: 200, employee: 200, nonMember: 200 } as const;

export const INVOICE_PAGE_ROUTES: Entry[] = [
  {
    route: "GET /api/public/invoices/:token",
    path: async (c) => `/api/public/invoices/${await invoiceToken(c.companyId)}`,
    expected: anyone,
  },
  {
    route: "GET /api/public/invoices/:token/pdf",
    path: async (c) => `/api/public/invoices/${await invoiceToken(c.companyId)}/pdf`,
    expected: anyone,
  },
  {
    route: "POST /api/public/invoices/:token/pay",
    path: async (c) => `/api/public/invoices/${await invoiceToken(c.companyId)}/pay`,
    expected: anyone,
  },
  {
    route: "POST /api/public/invoices/:token/demo-pay",
    path: async (c) => `/api/public/invoices/${await invoiceToken(c.companyId)}/demo-pay`,
    expected: anyone,
  },
];

/** No body to break: the property suite walks their paths (a token of any shape is a 404). */
export const INVOICE_PAGE_PATH_ONLY_ROUTES = [
  "GET /api/public/invoices/:token",
  "GET /api/public/invoices/:token/pdf",
  "POST /api/public/invoices/:token/pay",
  "POST /api/public/invoices/:token/demo-pay",
];
