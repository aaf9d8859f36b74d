/**
 * Exports for the accountant (docs/money.md): a seeded company with a month of money in
 * every shape the files must handle, and the routes' entries for the role matrix
 * (role-matrix-routes.ts) and the property suite (property-input-targets.ts).
 */
import { db } from "@sched/core/db/client";
import {
  companySettings,
  creditNotes,
  invoiceLines,
  invoices,
  moneySettings,
  paymentRefunds,
  payments,
} from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import type { Target } from "./property-input-targets";
import { type Entry, office } from "./role-matrix-support";

export const MONTH = { from: "2026-11-01", to: "2026-11-30" };

async function placeCompany(companyId: string, timeZone: string, country: string, currency: string) {
  await db
    .insert(companySettings)
    .values({ companyId, timeZone, country })
    .onConflictDoUpdate({ target: companySettings.companyId, set: { timeZone, country } });
  await db.insert(moneySettings).values({ companyId, currency }).onConflictDoUpdate({
    target: moneySettings.companyId,
    set: { currency },
  });
}

type InvoiceSeed = Omit<typeof invoices.$inferInsert, "companyId" | "currency" | "pricesIncludeTax"> & {
  lines: Omit<typeof invoiceLines.$inferInsert, "companyId" | "invoiceId" | "position">[];
};

async function seedInvoice(companyId: string, currency: string, { lines, ...invoice }: InvoiceSeed) {
  const [row] = await db
    .insert(invoices)
    .values({ companyId, currency, pricesIncludeTax: false, ...invoice })
    .returning();
  await db
    .insert(invoiceLines)
    .values(lines.map((line, position) => ({ companyId, invoiceId: row.id, position, ...line })));
  return row;
}

const ANN = { name: "Ann Baker", email: "ann@example.com", address: "4 Elm St" };
/** A customer named to run a formula in whoever opens the file. */
export const FORMULA_NAME = '=HYPERLINK("http://evil.example","Click")';

/**
 * A New York plumber's November (USD): invoice 1 with a taxed and an untaxed line, paid by
 * cheque, partly refunded late on the 30th (already December in UTC) and credited; invoice 2
 * void, billed to a formula; invoice 3 a draft; October's invoice 4 with a refund made on
 * the evening of October 31 in New York (November 1 in UTC): outside the month.
 */
export async function buildExportCompany() {
  const tenant = await buildTenant();
  const companyId = tenant.company.id;
  await placeCompany(companyId, "America/New_York", "US", "USD");
  const first = await seedInvoice(companyId, "USD", {
    number: 1,
    status: "partly_paid",
    billTo: ANN,
    subtotal: 15_255,
    tax: 1_265,
    total: 16_520,
    paid: 10_000,
    credited: 1_000,
    issuedOn: "2026-11-02",
    dueOn: "2026-11-16",
    lines: [
      {
        name: "Labour",
        quantityThousandths: 1_500,
        unitPrice: 9_500,
        taxPercentThousandths: 8_875,
        taxRateName: "Sales tax",
        net: 14_250,
        tax: 1_265,
        gross: 15_515,
      },
      { name: "Washer", quantityThousandths: 1_000, unitPrice: 1_005, net: 1_005, tax: 0, gross: 1_005 },
    ],
  });
  await seedInvoice(companyId, "USD", {
    number: 2,
    status: "void",
    billTo: { name: FORMULA_NAME, email: null, address: null },
    subtotal: 5_000,
    tax: 0,
    total: 5_000,
    issuedOn: "2026-11-03",
    dueOn: "2026-11-17",
    voidedAt: new Date("2026-11-03T15:00:00Z"),
    voidReason: "Wrong customer",
    lines: [
      { name: "Call-out", quantityThousandths: 1_000, unitPrice: 5_000, net: 5_000, tax: 0, gross: 5_000 },
    ],
  });
  await seedInvoice(companyId, "USD", {
    number: 3,
    status: "draft",
    billTo: ANN,
    subtotal: 3_000,
    tax: 0,
    total: 3_000,
    issuedOn: "2026-11-04",
    dueOn: "2026-11-18",
    lines: [
      { name: "Survey", quantityThousandths: 1_000, unitPrice: 3_000, net: 3_000, tax: 0, gross: 3_000 },
    ],
  });
  const october = await seedInvoice(companyId, "USD", {
    number: 4,
    status: "partly_paid",
    billTo: ANN,
    subtotal: 1_000,
    tax: 0,
    total: 1_000,
    paid: 500,
    issuedOn: "2026-10-31",
    dueOn: "2026-11-14",
    lines: [
      { name: "Old job", quantityThousandths: 1_000, unitPrice: 1_000, net: 1_000, tax: 0, gross: 1_000 },
    ],
  });
  await db.insert(creditNotes).values({
    companyId,
    invoiceId: first.id,
    number: 1,
    amount: 1_000,
    currency: "USD",
    reason: "Goodwill",
    issuedOn: "2026-11-10",
  });
  const [cheque] = await db
    .insert(payments)
    .values({
      companyId,
      invoiceId: first.id,
      amount: 12_000,
      currency: "USD",
      method: "cheque",
      reference: "1042",
      receivedOn: "2026-11-05",
      refunded: 2_000,
    })
    .returning();
  const [octoberCash] = await db
    .insert(payments)
    .values({
      companyId,
      invoiceId: october.id,
      amount: 1_000,
      currency: "USD",
      method: "cash",
      receivedOn: "2026-10-31",
      refunded: 500,
    })
    .returning();
  await db.insert(paymentRefunds).values([
    // 23:30 on November 30 in New York.
    {
      companyId,
      paymentId: cheque.id,
      amount: 2_000,
      currency: "USD",
      createdAt: new Date("2026-12-01T04:30:00Z"),
    },
    // 23:00 on October 31 in New York.
    {
      companyId,
      paymentId: octoberCash.id,
      amount: 500,
      currency: "USD",
      createdAt: new Date("2026-11-01T03:00:00Z"),
    },
  ]);
  return tenant;
}

/** A Tokyo company in yen (0 decimals): one taxed invoice paid by a transfer whose reference is a formula. */
export async function buildYenCompany() {
  const tenant = await buildTenant();
  const companyId = tenant.company.id;
  await placeCompany(companyId, "Asia/Tokyo", "JP", "JPY");
  const invoice = await seedInvoice(companyId, "JPY", {
    number: 1,
    status: "paid",
    billTo: { name: "Kenji Sato", email: null, address: null },
    subtotal: 3_000,
    tax: 300,
    total: 3_300,
    paid: 3_300,
    issuedOn: "2026-11-20",
    dueOn: "2026-12-04",
    lines: [
      {
        name: "Inspection",
        quantityThousandths: 2_000,
        unitPrice: 1_500,
        taxPercentThousandths: 10_000,
        taxRateName: "Consumption tax",
        net: 3_000,
        tax: 300,
        gross: 3_300,
      },
    ],
  });
  await db.insert(payments).values({
    companyId,
    invoiceId: invoice.id,
    amount: 3_300,
    currency: "JPY",
    method: "bank_transfer",
    reference: "=1+1",
    receivedOn: "2026-11-21",
  });
  return tenant;
}

const EXPORT_PATHS = ["invoices", "invoice-lines", "payments"].map((kind) => `/api/exports/${kind}.csv`);

export const ACCOUNTING_EXPORT_ROUTES: Entry[] = EXPORT_PATHS.map((path) => ({
  route: `GET ${path}`,
  path: (c) => `${path}?companyId=${c.companyId}&from=${MONTH.from}&to=${MONTH.to}&format=xero`,
  expected: office,
}));

/** Bad input never answers 500. */
export const ACCOUNTING_EXPORT_TARGETS: Target[] = EXPORT_PATHS.map((path) => ({
  name: `GET ${path}`,
  method: "get",
  path: () => path,
  query: {
    valid: (ctx) => [
      ["companyId", ctx.companyId],
      ["from", MONTH.from],
      ["to", MONTH.to],
      ["format", "quickbooks"],
    ],
    dateKeys: ["from", "to"],
  },
}));
