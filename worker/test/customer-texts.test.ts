/**
 * Booking notices by text message (docs/customers.md, "Text messages") through the real
 * Twilio SDK against a local stub of its API: each text once whatever the retries, a 5xx or a
 * 429 retried by the mail outbox, Twilio's 21610 turning into an opt-out, opted-out
 * customers texted nothing, the day-before reminder once, and the texts' words.
 */
import { config } from "@sched/core/config";
import { reminderKey } from "@sched/core/customer-notices/keys";
import { noticeJobChange } from "@sched/core/customer-notices/record-notice";
import { db } from "@sched/core/db/client";
import { bookingSettings, customers, mailOutbox, smsOptOuts } from "@sched/core/db/schema";
import { closeQueues } from "@sched/core/queues";
import { buildJob } from "@sched/core/test/factories";
import {
  startTwilioStub,
  TWILIO_STUB_FAILURES,
  type TwilioStub,
  twilioEnvFor,
} from "@sched/core/test/twilio-stub";
import { resetTextProvider } from "@sched/core/texts/provider";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCustomerText } from "../src/jobs/send-customer-text";
import { sweepCustomerNotices } from "../src/jobs/sweep-customer-notices";
import { deliverMail } from "../src/mail-outbox";
import { changeJob, type NoticeCompany, noticeCompany, noticesOf } from "./customer-notice-support";

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
  await closeQueues();
  await stub.close();
});

/** A fresh US mobile-capable number per test (201 is New Jersey; 555-01xx is fictional, not valid). */
const mobile = () => `+1201${String(2_000_000 + Math.floor(Math.random() * 7_000_000))}`;

/** A customer with a mobile number and no e-mail, and a job booked for them as createJob does. */
async function bookForPhone(
  tenant: NoticeCompany,
  fields: Partial<typeof customers.$inferInsert> = {},
  date = "2031-01-14",
) {
  const phone = mobile();
  const [customer] = await db
    .insert(customers)
    .values({ companyId: tenant.company.id, name: "Robin Banks", phone, phoneNormalized: phone, ...fields })
    .returning();
  const job = await buildJob(tenant.company.id, tenant.employee.id, {
    customerId: customer.id,
    customerEmail: null,
    location: "12 Elm Street",
    date,
    time: "09:00",
    arrivalWindow: { start: "08:00", end: "10:00" },
  });
  await noticeJobChange({ type: "created", job });
  return { customer, job, phone };
}

const textsOf = async (jobId: string) => (await noticesOf(jobId)).filter((n) => n.channel === "sms");

const outboxRow = async (noticeId: string) =>
  (
    await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "customer_text"), eq(mailOutbox.subjectId, noticeId)))
  )[0];

describe("booking notices by text", () => {
  it("texts the confirmation once, with the window and the visit link, whatever the retries", async () => {
    const tenant = await noticeCompany();
    const { job, phone } = await bookForPhone(tenant);
    const [text] = await textsOf(job.id);
    expect(text).toMatchObject({ kind: "confirmation", recipient: phone, channel: "sms" });
    // No e-mail on file: only the text is owed.
    expect(await noticesOf(job.id)).toHaveLength(1);

    expect(await deliverMail("customer_text", text.id)).toBe("sent");
    // The queue's job again, a direct retry, the same change recorded again: nothing more leaves.
    expect(await deliverMail("customer_text", text.id)).toBe("already-sent");
    expect(await sendCustomerText({ data: { noticeId: text.id } })).toBe("already-sent");
    await noticeJobChange({ type: "created", job });
    expect(await textsOf(job.id)).toHaveLength(1);

    const [sent] = stub.textsTo(phone);
    expect(stub.textsTo(phone)).toHaveLength(1);
    expect(sent.from).toBe("+15005550006");
    expect(sent.body).toMatch(
      /^Hi Robin, your visit from Drip & Drain is booked for Tuesday, January 14, 8–10 AM\./,
    );
    expect(sent.body).toMatch(/See or change it: http:\/\/app\.test\/visit\/\S+/);
    expect(sent.body.endsWith("Reply STOP to opt out.")).toBe(true);
    expect(sent.body.length).toBeLessThan(300);
  });

  it("retries a 5xx and a 429 through the outbox, then sends the text once", async () => {
    const tenant = await noticeCompany();
    const { job, phone } = await bookForPhone(tenant);
    const [text] = await textsOf(job.id);
    stub.failNext(TWILIO_STUB_FAILURES.serverError, TWILIO_STUB_FAILURES.tooManyRequests);

    await expect(deliverMail("customer_text", text.id)).rejects.toThrow();
    expect(await outboxRow(text.id)).toMatchObject({ attempts: 1, sentAt: null });
    await expect(deliverMail("customer_text", text.id)).rejects.toThrow();
    const failed = await outboxRow(text.id);
    expect(failed).toMatchObject({ attempts: 2, sentAt: null });
    expect(failed.lastError).toMatch(/Too Many Requests/);
    expect(stub.textsTo(phone)).toEqual([]);

    expect(await deliverMail("customer_text", text.id)).toBe("sent");
    expect(await outboxRow(text.id)).toMatchObject({ attempts: 3, outcome: "sent" });
    expect(stub.textsTo(phone)).toHaveLength(1);
    expect(stub.requests.filter((form) => form.get("To") === phone)).toHaveLength(3);
  });

  it("marks the number opted out when Twilio answers 21610, and texts it nothing more", async () => {
    const tenant = await noticeCompany();
    const { customer, job, phone } = await bookForPhone(tenant);
    const [text] = await textsOf(job.id);
    stub.unsubscribe(phone);

    expect(await deliverMail("customer_text", text.id)).toBe("opted-out");
    const [row] = await db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row.smsOptedOutAt).toBeInstanceOf(Date);
    const optOuts = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    expect(optOuts.map((o) => o.companyId)).toEqual([tenant.company.id]);
    // The refused text's row is gone; On my way records no new one.
    expect(await textsOf(job.id)).toEqual([]);
    await changeJob(job.id, { onMyWayAt: new Date() });
    expect(await textsOf(job.id)).toEqual([]);
    expect(stub.textsTo(phone)).toEqual([]);
  });

  it("records no text for a customer who opted out, a landline or a short local number", async () => {
    const tenant = await noticeCompany();
    const optedOut = await bookForPhone(tenant, { smsOptedOutAt: new Date() });
    expect(await noticesOf(optedOut.job.id)).toEqual([]);
    const landline = await bookForPhone(tenant, { phone: "+442079460000", phoneNormalized: "+442079460000" });
    expect(await noticesOf(landline.job.id)).toEqual([]);
    const local = await bookForPhone(tenant, { phone: "555-0100", phoneNormalized: "5550100" });
    expect(await noticesOf(local.job.id)).toEqual([]);
  });

  it("says the arrival time on the way, and thanks with the review link and the company's own text when done", async () => {
    const tenant = await noticeCompany();
    await db.insert(bookingSettings).values({
      companyId: tenant.company.id,
      reviewUrl: "https://reviews.example/drip",
      messages: {
        confirmation: null,
        reminder: null,
        onTheWay: null,
        done: "Thanks {customerFirstName}! Review us: {reviewUrl}",
      },
    });
    const { job, phone } = await bookForPhone(tenant);
    // 15:40 UTC is 9:40 AM in Chicago.
    await changeJob(job.id, { onMyWayAt: new Date(), arrivalEstimateAt: new Date("2031-01-14T15:40:00Z") });
    const onTheWay = (await textsOf(job.id)).find((n) => n.kind === "on_the_way");
    expect(onTheWay).toBeDefined();
    expect(await deliverMail("customer_text", onTheWay?.id ?? "")).toBe("sent");
    expect(stub.textsTo(phone).at(-1)?.body).toMatch(
      /^Hi Robin, Drip & Drain is on the way\.\nPat should arrive about 9:40 AM\.\nFollow the visit: http:\/\/app\.test\/visit\//,
    );

    await changeJob(job.id, { status: "completed", completedAt: new Date() });
    const done = (await textsOf(job.id)).find((n) => n.kind === "done");
    expect(await deliverMail("customer_text", done?.id ?? "")).toBe("sent");
    expect(stub.textsTo(phone).at(-1)?.body).toBe(
      "Thanks Robin! Review us: https://reviews.example/drip\nReply STOP to opt out.",
    );
  });

  it("cancels by text a visit the customer was told of by text, once", async () => {
    const tenant = await noticeCompany();
    const { job, phone } = await bookForPhone(tenant);
    const [confirmation] = await textsOf(job.id);
    // Cancelled before the confirmation went out: nothing to take back.
    const untold = await bookForPhone(tenant);
    await changeJob(untold.job.id, { status: "cancelled" });
    expect((await textsOf(untold.job.id)).map((n) => n.kind)).toEqual(["confirmation"]);

    expect(await deliverMail("customer_text", confirmation.id)).toBe("sent");
    await changeJob(job.id, { status: "cancelled" });
    await changeJob(job.id, { description: "Cancelled by phone" });
    const cancellation = (await textsOf(job.id)).filter((n) => n.kind === "cancellation");
    expect(cancellation).toHaveLength(1);
    expect(await deliverMail("customer_text", cancellation[0].id)).toBe("sent");
    expect(stub.textsTo(phone).at(-1)?.body).toBe(
      "Hi Robin, your visit from Drip & Drain on Tuesday, January 14 at 9:00 AM is cancelled. To book again, contact Drip & Drain.\nReply STOP to opt out.",
    );
    expect(stub.textsTo(phone)).toHaveLength(2);
  });

  it("records the day-before reminder once per channel, however often the sweep runs", async () => {
    const tenant = await noticeCompany({ reminderTime: "17:00" });
    const { job, phone } = await bookForPhone(tenant, {}, "2033-02-15");
    // 18:00 in Chicago the day before the visit (a date of this test's own: the sweep reminds
    // every company's visits of that day).
    const evening = new Date("2033-02-15T00:00:00Z");
    await sweepCustomerNotices(evening);
    await sweepCustomerNotices(evening);
    const reminders = (await textsOf(job.id)).filter((n) => n.kind === "reminder");
    expect(reminders.map((n) => n.dedupeKey)).toEqual([reminderKey(job)]);
    expect(await deliverMail("customer_text", reminders[0].id)).toBe("sent");
    await sweepCustomerNotices(evening);
    expect((await textsOf(job.id)).filter((n) => n.kind === "reminder")).toHaveLength(1);
    expect(stub.textsTo(phone).filter((t) => t.body.includes("a reminder"))).toHaveLength(1);
  });
});
