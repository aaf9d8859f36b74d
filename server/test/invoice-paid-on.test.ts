/**
 * The day an invoice was paid, kept on it by invoice-settlement.ts for the owner's days to
 * paid (docs/numbers.md): the day of the payment that brought its balance to zero, its
 * payments (net of refunds) and credit notes added in the order they came; cleared when a
 * refund reopens it, a credit note closes it or it is voided.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { invoices, payments } from "@sched/core/db/schema";
import { recordCardPayment } from "@sched/core/payments/card-payment";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoicingTenant, usd } from "./invoices-support";

const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** Days no one's future, whatever the company's time zone. */
const THREE_DAYS_AGO = dayBefore(3);
const TWO_DAYS_AGO = dayBefore(2);
const YESTERDAY = dayBefore(1);
const TOTAL = 16_520;

/** A company with an invoice of 165.20 and a way to pay it on a day. */
async function invoiced() {
  const tenant = await invoicingTenant();
  const { invoice } = await tenant.invoicedJob();
  const pay = async (amount: number, receivedOn: string) => {
    const res = await tenant.office
      .post("/api/payments")
      .send({ invoiceId: invoice.id, amount: usd(amount), method: "cash", receivedOn });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { payment: { id: string }; invoice: { status: string } };
  };
  const refund = async (paymentId: string, amount: number) => {
    const res = await tenant.office.post(`/api/payments/${paymentId}/refund`).send({ amount: usd(amount) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const stored = async () => {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    return { status: row.status, paidOn: row.paidOn };
  };
  return { ...tenant, invoice, pay, refund, stored };
}

describe("an invoice's paid day", () => {
  it("is the day of the payment that paid it in full, none while partly paid", async () => {
    const { pay, stored } = await invoiced();
    await pay(6_520, THREE_DAYS_AGO);
    expect(await stored()).toEqual({ status: "partly_paid", paidOn: null });
    await pay(TOTAL - 6_520, YESTERDAY);
    expect(await stored()).toEqual({ status: "paid", paidOn: YESTERDAY });
  });

  it("follows the days received, not the order recorded: a backdated last payment settles on the later day", async () => {
    const { pay, stored } = await invoiced();
    await pay(6_520, YESTERDAY);
    await pay(TOTAL - 6_520, THREE_DAYS_AGO);
    expect(await stored()).toEqual({ status: "paid", paidOn: YESTERDAY });
  });

  it("is cleared by a refund that reopens the invoice and set by the payment that settles it again", async () => {
    const { pay, refund, stored } = await invoiced();
    const first = await pay(TOTAL, THREE_DAYS_AGO);
    expect(await stored()).toEqual({ status: "paid", paidOn: THREE_DAYS_AGO });
    await refund(first.payment.id, 1_000);
    expect((await stored()).paidOn).toBeNull();
    await pay(1_000, TWO_DAYS_AGO);
    expect(await stored()).toEqual({ status: "paid", paidOn: TWO_DAYS_AGO });
  });

  it("stays none when a credit note closes the invoice (settled, not paid), and when it is voided", async () => {
    const { invoice, office, pay, refund, stored } = await invoiced();
    const part = await pay(6_520, TWO_DAYS_AGO);
    const credit = await office
      .post(`/api/invoices/${invoice.id}/credit-notes`)
      .send({ amount: usd(TOTAL - 6_520), reason: "Goodwill" });
    expect(credit.body.status).toBe("paid");
    expect(await stored()).toEqual({ status: "paid", paidOn: null });
    await refund(part.payment.id, 6_520);
    const voided = await office.post(`/api/invoices/${invoice.id}/void`).send({ reason: "Wrong customer" });
    expect(voided.status).toBe(200);
    expect(await stored()).toEqual({ status: "void", paidOn: null });
  });

  it("is one day whichever of two payments at once commits last", async () => {
    const { pay, stored } = await invoiced();
    await Promise.all([pay(6_520, YESTERDAY), pay(TOTAL - 6_520, THREE_DAYS_AGO)]);
    expect(await stored()).toEqual({ status: "paid", paidOn: YESTERDAY });
  });

  it("is the card payment's day when the card pays the rest, and stays when a card pays more than owed", async () => {
    const { company, invoice, pay, stored } = await invoiced();
    await pay(6_520, THREE_DAYS_AGO);
    const card = (amount: number) =>
      db.transaction((tx) =>
        recordCardPayment(tx, {
          companyId: company.id,
          invoiceId: invoice.id,
          amount,
          currency: "usd",
          paymentIntentId: `pi_${randomUUID()}`,
          checkoutSessionId: null,
        }),
      );
    await card(TOTAL - 6_520);
    const [byCard] = await db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, invoice.id))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    expect(await stored()).toEqual({ status: "paid", paidOn: byCard.receivedOn });
    expect((await card(500))?.excess).toBe(500);
    expect(await stored()).toEqual({ status: "paid", paidOn: byCard.receivedOn });
  });
});
