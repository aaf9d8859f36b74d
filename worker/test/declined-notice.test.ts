import "./invitation-env";
/**
 * The notice of a declined online request (docs/booking-office.md): one e-mail and one text,
 * each once however often it is recorded and sent, with the office's message and the booking
 * page; an opted-out number gets no text; nothing of another company in it.
 */
import { config } from "@sched/core/config";
import { recordDeclined } from "@sched/core/customer-notices/declined";
import { declinedKey } from "@sched/core/customer-notices/keys";
import { db } from "@sched/core/db/client";
import { bookingSettings, bookings, customerNotices, smsOptOuts } from "@sched/core/db/schema";
import { closeQueues } from "@sched/core/queues";
import { buildUnscheduledJob, uniqueEmail } from "@sched/core/test/factories";
import { startTwilioStub, type TwilioStub, twilioEnvFor } from "@sched/core/test/twilio-stub";
import { resetTextProvider } from "@sched/core/texts/provider";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCustomerNotice } from "../src/jobs/send-customer-notice";
import { sendCustomerText } from "../src/jobs/send-customer-text";
import { closeMail } from "../src/mail/transport";
import { deliverMail } from "../src/mail-outbox";
import { type NoticeCompany, noticeCompany } from "./customer-notice-support";
import { decodeQuotedPrintable, header, startSmtpServer } from "./invitation-support";

let stub: TwilioStub;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

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
  smtp = await startSmtpServer();
  config.smtpUrl = smtp.url;
});
afterAll(async () => {
  config.twilio = undefined;
  resetTextProvider();
  await closeQueues();
  closeMail();
  await smtp.close();
  await stub.close();
});

const mobile = () => `+1201${String(2_000_000 + Math.floor(Math.random() * 7_000_000))}`;

/** A request of `tenant`'s, declined with the office's message, as declineBookingRequest leaves it. */
async function declinedRequest(tenant: NoticeCompany, fields: Partial<typeof bookings.$inferInsert> = {}) {
  const job = await buildUnscheduledJob(tenant.company.id, { source: "online", status: "cancelled" });
  const [row] = await db
    .insert(bookings)
    .values({
      companyId: tenant.company.id,
      jobId: job.id,
      service: "Repair",
      durationMinutes: 60,
      address: "12 Elm St",
      requestedDate: "2031-01-14",
      windowStart: "08:00",
      windowEnd: "10:00",
      name: "Rita Request",
      phone: mobile(),
      email: uniqueEmail("rita"),
      status: "declined",
      declineMessage: "We are fully booked that week",
      ...fields,
    })
    .returning();
  return row;
}

const noticesOf = (companyId: string, bookingId: string) =>
  db
    .select()
    .from(customerNotices)
    .where(
      and(eq(customerNotices.companyId, companyId), eq(customerNotices.dedupeKey, declinedKey(bookingId))),
    );

describe("the declined request's notice", () => {
  it("e-mails and texts the customer once, with the office's message and the booking page", async () => {
    const tenant = await noticeCompany();
    const other = await noticeCompany();
    const slug = `drip-${tenant.company.id.slice(0, 8)}`;
    await db.insert(bookingSettings).values({ companyId: tenant.company.id, enabled: true, slug });
    await declinedRequest(other, { declineMessage: "Other company's words" });
    const request = await declinedRequest(tenant);

    await recordDeclined(request);
    await recordDeclined(request);
    const notices = await noticesOf(tenant.company.id, request.id);
    expect(notices.map((n) => [n.kind, n.channel, n.recipient]).sort()).toEqual([
      ["declined", "email", request.email],
      ["declined", "sms", request.phone],
    ]);
    const email = notices.find((n) => n.channel === "email")!;
    const text = notices.find((n) => n.channel === "sms")!;

    expect(await deliverMail("customer_notice", email.id)).toBe("sent");
    expect(await deliverMail("customer_notice", email.id)).toBe("already-sent");
    expect(await sendCustomerNotice({ data: { noticeId: email.id } })).toBe("already-sent");
    expect(await deliverMail("customer_text", text.id)).toBe("sent");
    expect(await sendCustomerText({ data: { noticeId: text.id } })).toBe("already-sent");

    const texts = stub.textsTo(request.phone!);
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toMatch(
      /^Hi Rita, sorry: Drip & Drain cannot take your booking for Tuesday, January 14, 8–10 AM\./,
    );
    expect(texts[0].body).toContain("\nWe are fully booked that week\n");
    expect(texts[0].body).toContain(`Book another time: http://app.test/book/${slug}`);
    expect(texts[0].body).not.toContain("Other company");

    const [mail] = await smtp.waitForMail(request.email!, 20_000);
    expect(smtp.mailTo(request.email!)).toHaveLength(1);
    expect(header(mail, "Subject")).toBe("Drip & Drain cannot take your booking");
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain("We are fully booked that week");
    expect(body).toContain(`/book/${slug}`);
    expect(body).not.toContain("Other company");
  });

  it("texts no number that opted out, and sends nothing once the request is no longer declined", async () => {
    const tenant = await noticeCompany();
    const optedOut = await declinedRequest(tenant, { email: null });
    await db.insert(smsOptOuts).values({ companyId: tenant.company.id, phone: optedOut.phone! });
    await recordDeclined(optedOut);
    expect(await noticesOf(tenant.company.id, optedOut.id)).toEqual([]);

    // Without a booking page that takes bookings the link line is left out.
    const request = await declinedRequest(tenant, { email: null, declineMessage: null });
    await recordDeclined(request);
    const [text] = await noticesOf(tenant.company.id, request.id);
    expect(await deliverMail("customer_text", text.id)).toBe("sent");
    const [sent] = stub.textsTo(request.phone!);
    expect(sent.body).not.toMatch(/booked that week|Book another time/);

    const reopened = await declinedRequest(tenant, { email: null });
    await recordDeclined(reopened);
    await db.update(bookings).set({ status: "requested" }).where(eq(bookings.id, reopened.id));
    const [owed] = await noticesOf(tenant.company.id, reopened.id);
    expect(await deliverMail("customer_text", owed.id)).toBe("skipped");
    expect(stub.textsTo(reopened.phone!)).toEqual([]);
  });
});
