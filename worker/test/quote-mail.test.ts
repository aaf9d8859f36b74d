/**
 * A quote's link to its customer (docs/quotes.md) through the mail outbox: by e-mail to a
 * real SMTP server, and by text through the Twilio SDK against its local stub; each once
 * whatever the wake-ups, again on a resend, and not at all once the quote is decided.
 */
import { randomUUID } from "node:crypto";
import { createQuote } from "@sched/core/commands/save-quote";
import { sendQuote } from "@sched/core/commands/send-quote";
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { customers, quotes } from "@sched/core/db/schema";
import { closeMailClaims } from "@sched/core/mail-outbox/claim";
import { loadCompanyAccess } from "@sched/core/policies/company-access";
import { closeQueues } from "@sched/core/queues";
import { buildTenant } from "@sched/core/test/factories";
import { startTwilioStub, type TwilioStub, twilioEnvFor } from "@sched/core/test/twilio-stub";
import { resetTextProvider } from "@sched/core/texts/provider";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeMail } from "../src/mail/transport";
import { deliverMail } from "../src/mail-outbox";
import { startSmtpServer } from "./invitation-support";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let stub: TwilioStub;

beforeAll(async () => {
  smtp = await startSmtpServer();
  config.smtpUrl = smtp.url;
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
  closeMail();
  await closeMailClaims();
  await closeQueues();
  await smtp.close();
  await stub.close();
});

const mobile = () => `+1201${String(2_000_000 + Math.floor(Math.random() * 7_000_000))}`;

/** A quote of two options (90.00 and 150.00) for a customer with this e-mail and phone. */
async function quoteFor(contact: { email: string | null; phone: string | null }) {
  const { company, owner } = await buildTenant();
  const [customer] = await db
    .insert(customers)
    .values({ companyId: company.id, name: "Robin Banks", ...contact, phoneNormalized: contact.phone })
    .returning();
  const member = await loadCompanyAccess(owner.id, company.id);
  if (!member) throw new Error("the owner is a member");
  const line = (amount: number) => ({ name: "Visit", quantity: 1, unitPrice: { amount, currency: "USD" } });
  const quote = await createQuote(member, {
    customerId: customer.id,
    expiresOn: "2999-12-31",
    jobType: "Repair",
    options: [
      { name: "Good", lines: [line(9_000)] },
      { name: "Best", lines: [line(15_000)] },
    ],
  });
  return { member, quote };
}

describe("a quote's link", () => {
  it("e-mails the link once, again on a resend, and never for a decided quote", async () => {
    const email = `${randomUUID()}@customer.test`;
    const { member, quote } = await quoteFor({ email, phone: null });
    const sent = await sendQuote(member, quote.id, {});
    expect(await deliverMail("quote_sent", quote.id)).toBe("sent");
    expect(await deliverMail("quote_sent", quote.id)).toBe("already-sent");
    const [mail] = await smtp.waitForMail(email);
    expect(mail.decoded).toContain(`quote Q-${quote.number} for $90.00 to $150.00`);
    expect(mail.decoded).toContain(sent.url);

    await sendQuote(member, quote.id, {});
    expect(await deliverMail("quote_sent", quote.id)).toBe("sent");
    await sendQuote(member, quote.id, {});
    await db.update(quotes).set({ status: "declined" }).where(eq(quotes.id, quote.id));
    expect(await deliverMail("quote_sent", quote.id)).toBe("declined");
  });

  it("texts the link to a customer with a mobile number and no e-mail, once", async () => {
    const phone = mobile();
    const { member, quote } = await quoteFor({ email: null, phone });
    const sent = await sendQuote(member, quote.id, {});
    expect(await deliverMail("quote_text", quote.id)).toBe("sent");
    expect(await deliverMail("quote_text", quote.id)).toBe("already-sent");
    const texts = stub.textsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toContain(`quote Q-${quote.number} for $90.00 to $150.00`);
    expect(texts[0].body).toContain(sent.url);
  });
});
