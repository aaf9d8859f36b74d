/**
 * The invoice page's link to the customer (docs/invoice-page.md): by text message, through the
 * real Twilio SDK against its local stub, once whatever the wake-ups, to a customer with a
 * mobile number and no e-mail address; and in the invoice e-mail's words.
 */
import { takeNumber } from "@sched/core/commands/create-invoice";
import { sendInvoice } from "@sched/core/commands/send-invoice";
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { customers, invoices } from "@sched/core/db/schema";
import { closeMailClaims } from "@sched/core/mail-outbox/claim";
import { loadCompanyAccess } from "@sched/core/policies/company-access";
import { closeQueues } from "@sched/core/queues";
import { buildTenant } from "@sched/core/test/factories";
import { startTwilioStub, type TwilioStub, twilioEnvFor } from "@sched/core/test/twilio-stub";
import { resetTextProvider } from "@sched/core/texts/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderInvoiceEmail } from "../src/mail/invoice";
import { deliverMail } from "../src/mail-outbox";

let stub: TwilioStub;

beforeAll(async () => {
  stub = await startTwilioStub();
  const env = twilioEnvFor(stub.url);
  config.twilio = {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from: env.TWILIO_FROM,
    apiUrl: env.TWILIO_API_URL,
  };
  resetTextProvider();
});
afterAll(async () => {
  config.twilio = undefined;
  resetTextProvider();
  await closeMailClaims();
  await closeQueues();
  await stub.close();
});

/** A fresh US mobile-capable number (201 is New Jersey). */
const mobile = () => `+1201${String(2_000_000 + Math.floor(Math.random() * 7_000_000))}`;

describe("the invoice's link by text", () => {
  it("texts a customer with a phone and no e-mail the page's link, once", async () => {
    const { company, owner } = await buildTenant();
    const phone = mobile();
    const [customer] = await db
      .insert(customers)
      .values({ companyId: company.id, name: "Robin Banks", phone, phoneNormalized: phone })
      .returning();
    const [invoice] = await db
      .insert(invoices)
      .values({
        companyId: company.id,
        number: await takeNumber(db, company.id, "invoice"),
        customerId: customer.id,
        billTo: { name: "Robin Banks", address: null, email: null },
        currency: "USD",
        pricesIncludeTax: false,
        subtotal: 12_000,
        tax: 0,
        total: 12_000,
        issuedOn: "2026-11-20",
        dueOn: "2026-12-04",
      })
      .returning();
    const member = await loadCompanyAccess(owner.id, company.id);
    if (!member) throw new Error("the owner is a member");
    const sent = await sendInvoice(member, invoice.id);
    expect(sent.sentBy).toBe("text");

    expect(await deliverMail("invoice_text", invoice.id)).toBe("sent");
    expect(await deliverMail("invoice_text", invoice.id)).toBe("already-sent");
    const texts = stub.textsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toContain(`invoice ${invoice.number} for $120.00`);
    expect(texts[0].body).toContain(sent.url);
  });

  it("puts the page's link in the invoice e-mail", () => {
    const payUrl = "https://app.example/invoice/abc.def";
    const mail = renderInvoiceEmail({
      companyName: "Acme",
      locale: "en-US",
      payUrl,
      invoice: {
        number: 7,
        billTo: { name: "Sam", address: null, email: "sam@example.test" },
        total: { amount: 12_000, currency: "USD" },
        dueOn: "2026-12-04",
      } as Parameters<typeof renderInvoiceEmail>[0]["invoice"],
    });
    expect(mail.text).toContain(`View and pay online: ${payUrl}`);
    expect(mail.html).toContain(`href="${payUrl}"`);
  });
});
