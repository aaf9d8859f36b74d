/**
 * The customer's invoice page (docs/invoice-page.md): what its link shows, the first view
 * (a sent invoice becomes `viewed`), the PDF, and starting a card payment. Everything is
 * read through the link (./invoice-link.ts), by the link's own company: a token opens its
 * invoice and nothing else.
 */

import { randomUUID } from "node:crypto";
import {
  CARD_PAYMENTS_NOT_SET_UP,
  type CardCheckoutDTO,
  DEMO_CARD_PAYMENTS_ONLY,
  dateIn,
  INVOICE_NOTHING_TO_PAY,
  INVOICE_VOID,
  type PublicInvoiceDTO,
} from "@sched/shared-types";
import { and, eq, isNull } from "drizzle-orm";
import { announceInvoice } from "../commands/invoice-events";
import { settleInvoice } from "../commands/invoice-settlement";
import { config } from "../config";
import { db } from "../db/client";
import { companies, invoiceLinks } from "../db/schema";
import { Conflict, NotFound, Unavailable } from "../errors";
import { loadCompanySettings } from "../queries/company-settings";
import { invoiceDetail, invoicePdfOf } from "../queries/invoices";
import { loadMoneySettings } from "../queries/money-settings";
import { cardMode, startCardCheckout } from "./card-checkout";
import { announceCardPayment, recordCardPayment } from "./card-payment";
import { type InvoiceRow, invoicePagePath, openInvoiceLink } from "./invoice-link";

const balanceOf = (row: InvoiceRow) => row.total - row.paid - row.credited;

async function presentPublicInvoice(row: InvoiceRow): Promise<PublicInvoiceDTO> {
  const [[company], money, settings, detail] = await Promise.all([
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId)),
    loadMoneySettings(row.companyId),
    loadCompanySettings(row.companyId),
    invoiceDetail(row),
  ]);
  const card = cardMode();
  return {
    company: {
      name: company.name,
      address: money.documentAddress,
      taxNumbers: money.taxNumbers,
      logoVersion: money.logo?.version ?? null,
    },
    number: detail.number,
    status: detail.status,
    billTo: detail.billTo ? { name: detail.billTo.name, address: detail.billTo.address } : null,
    issuedOn: detail.issuedOn,
    dueOn: detail.dueOn,
    pricesIncludeTax: detail.pricesIncludeTax,
    lines: detail.lines.map(({ name, quantity, unitPrice, taxPercent, net, tax, gross }) => ({
      name,
      quantity,
      unitPrice,
      taxPercent,
      net,
      tax,
      gross,
    })),
    subtotal: detail.subtotal,
    tax: detail.tax,
    total: detail.total,
    paid: detail.paid,
    credited: detail.credited,
    balance: detail.balance,
    locale: `en-${settings.country}`,
    card,
    canPay: card !== "unavailable" && row.status !== "void" && balanceOf(row) > 0,
  };
}

/**
 * GET /api/public/invoices/:token. The first opening of a sent invoice makes it `viewed`
 * (the link's first_viewed_at, set once, says it is the first), announced after the commit.
 */
export async function loadPublicInvoice(token: string): Promise<PublicInvoiceDTO> {
  const opened = await openInvoiceLink(token);
  if (opened.link.firstViewedAt !== null) return presentPublicInvoice(opened.invoice);
  const { timeZone } = await loadCompanySettings(opened.invoice.companyId);
  const viewed = await db.transaction(async (tx) => {
    const [first] = await tx
      .update(invoiceLinks)
      .set({ firstViewedAt: new Date() })
      .where(and(eq(invoiceLinks.id, opened.link.id), isNull(invoiceLinks.firstViewedAt)))
      .returning({ id: invoiceLinks.id });
    const { invoice } = await openInvoiceLink(token, { executor: tx, lock: true });
    // Only a sent invoice moves: one partly paid, overdue, paid or void says so already.
    if (!first || invoice.status !== "sent") return { invoice, settled: null };
    const today = dateIn(new Date(), timeZone);
    const settled = await settleInvoice(tx, { ...invoice, status: "viewed" }, {}, today, null);
    return { invoice: settled.invoice, settled };
  });
  if (viewed.settled)
    await announceInvoice(
      { companyId: viewed.invoice.companyId },
      viewed.invoice,
      viewed.settled.changedJobs,
    );
  return presentPublicInvoice(viewed.invoice);
}

/** GET /api/public/invoices/:token/pdf */
export async function loadPublicInvoicePdf(token: string): Promise<{ number: number; pdf: Buffer }> {
  const { invoice } = await openInvoiceLink(token);
  return { number: invoice.number, pdf: await invoicePdfOf(invoice) };
}

function assertPayable(invoice: InvoiceRow) {
  if (invoice.status === "void") throw new Conflict(INVOICE_VOID);
  if (balanceOf(invoice) <= 0) throw new Conflict(INVOICE_NOTHING_TO_PAY);
}

/** POST /api/public/invoices/:token/pay: the balance, by card, through Stripe Checkout (or the demo step). */
export async function startInvoicePayment(token: string): Promise<CardCheckoutDTO> {
  const { invoice } = await openInvoiceLink(token);
  assertPayable(invoice);
  if (cardMode() === "unavailable") throw new Unavailable(CARD_PAYMENTS_NOT_SET_UP);
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, invoice.companyId));
  const balance = balanceOf(invoice);
  return startCardCheckout({
    companyId: invoice.companyId,
    purpose: { kind: "invoice", invoiceId: invoice.id },
    amount: { amount: balance, currency: invoice.currency },
    description: `Invoice ${invoice.number} from ${company?.name ?? "us"}`,
    returnUrl: `${config.appUrl}${invoicePagePath(token)}`,
    // A double tap gets the same session; a new balance (a payment meanwhile) a new one.
    idempotencyKey: `card-checkout-invoice-${invoice.id}-v${invoice.version}-${balance}`,
  });
}

/**
 * POST /api/public/invoices/:token/demo-pay: demo mode's stand-in for Stripe's webhook,
 * recording the balance as a card payment by the same code (refused outside demo mode).
 */
export async function payInvoiceInDemo(token: string): Promise<PublicInvoiceDTO> {
  if (cardMode() !== "demo") throw new NotFound(DEMO_CARD_PAYMENTS_ONLY);
  const done = await db.transaction(async (tx) => {
    const { invoice } = await openInvoiceLink(token, { executor: tx, lock: true });
    assertPayable(invoice);
    return recordCardPayment(tx, {
      companyId: invoice.companyId,
      invoiceId: invoice.id,
      amount: balanceOf(invoice),
      currency: invoice.currency,
      paymentIntentId: `demo_${randomUUID()}`,
      checkoutSessionId: null,
    });
  });
  if (!done) throw new Conflict(INVOICE_NOTHING_TO_PAY);
  await announceCardPayment(done);
  return presentPublicInvoice(done.invoice);
}
