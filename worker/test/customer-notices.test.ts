import "./invitation-env";
/**
 * Booking notices through the worker (docs/customers.md): what the
 * e-mails say and carry (.ics, unsubscribe), that a notice is sent once, that one no
 * longer fitting is dropped, and the day-before reminder in each company's time zone.
 */
import { config } from "@sched/core/config";
import { onTheWayKey, reminderKey } from "@sched/core/customer-notices/keys";
import { noticeJobChange, recordNotice } from "@sched/core/customer-notices/record-notice";
import { unsubscribeToken } from "@sched/core/customer-notices/unsubscribe-token";
import { db } from "@sched/core/db/client";
import { customerNotices, customers, mailOutbox } from "@sched/core/db/schema";
import { closeQueues, getEmailQueue } from "@sched/core/queues";
import { buildJob, uniqueEmail } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailHandlers, maintenanceHandlers } from "../src/jobs/registry";
import { sendCustomerNotice } from "../src/jobs/send-customer-notice";
import { sweepCustomerNotices } from "../src/jobs/sweep-customer-notices";
import { closeMail } from "../src/mail/transport";
import { deliverDueMail } from "../src/mail-outbox";
import { REPEATING } from "../src/schedules";
import { startWorkers } from "../src/workers";
import { bookJob, changeJob, noticeCompany, noticesOf } from "./customer-notice-support";
import { eventually, header, startSmtpServer } from "./invitation-support";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let workers: ReturnType<typeof startWorkers>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  config.smtpUrl = smtp.url;
  workers = startWorkers();
});
afterAll(async () => {
  await workers.close();
  await closeQueues();
  closeMail();
  await smtp.close();
});

const sentAtOf = async (noticeId: string) =>
  (await db.select().from(customerNotices).where(eq(customerNotices.id, noticeId)))[0]?.sentAt ?? undefined;

const isCompleted = async (noticeId: string) =>
  (await (await getEmailQueue().getJob(`customer-notice-${noticeId}`))?.isCompleted()) ? true : undefined;

/** The .ics attachment (base64 in the message), its folded lines (RFC 5545, 75 octets) unfolded. */
const icsOf = (raw: string) => {
  const match = /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
  return Buffer.from(match?.[1] ?? "", "base64")
    .toString("utf8")
    .replace(/\r?\n[ \t]/g, "");
};

/** A header's value, unfolded, also when the value starts on the next line. */
const headerOf = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1].trim();
};

describe("the confirmation e-mail", () => {
  it("reaches the customer once, with the visit as .ics in the company's zone and a working unsubscribe link", async () => {
    const tenant = await noticeCompany();
    const { job, email } = await bookJob(tenant);
    const [notice] = await noticesOf(job.id);
    const [mail] = await smtp.waitForMail(email, 20_000);
    await eventually(() => sentAtOf(notice.id), 10_000, "sentAt");
    await eventually(() => isCompleted(notice.id), 10_000, "job completed");

    expect(header(mail, "Subject")).toBe(
      "Your visit from Drip & Drain is booked for Tuesday, January 14, 2031 at 9:00 AM",
    );
    expect(header(mail, "Message-ID")).toBe(`<customer-notice-${notice.id}@app.test>`);
    // A job's e-mail alone (no customer): the link names the address, for this company.
    const to = { companyId: notice.companyId, customerId: notice.customerId, email: notice.recipient };
    expect(to.customerId).toBeNull();
    const link = `http://app.test/unsubscribe/${unsubscribeToken(to)}`;
    expect(mail.decoded).toContain(link);
    expect(headerOf(mail.raw, "List-Unsubscribe")).toContain(
      `http://app.test/api/unsubscribe/${unsubscribeToken(to)}`,
    );
    expect(headerOf(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    const ics = icsOf(mail.raw);
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain("BEGIN:VTIMEZONE");
    expect(ics).toContain("TZID:America/Chicago");
    expect(ics).toContain("DTSTART;TZID=America/Chicago:20310114T090000");
    // The job's own length: 90 minutes.
    expect(ics).toContain("DTEND;TZID=America/Chicago:20310114T103000");
    expect(ics).toContain(`UID:${job.id}@scheduler`);
    expect(ics).toContain(`SEQUENCE:${job.version}`);
    expect(ics).toContain("LOCATION:12 Elm Street");

    // Delivered at least once is not enough: the row is done, a repeat sends nothing.
    expect(await sendCustomerNotice({ data: { noticeId: notice.id } })).toBe("already-sent");
    expect(smtp.mailTo(email)).toHaveLength(1);
  }, 40_000);

  it("says the visit moved when an earlier confirmation went out, with the new time", async () => {
    const tenant = await noticeCompany();
    const { job, email } = await bookJob(tenant);
    await smtp.waitForMail(email, 20_000);
    const [first] = await noticesOf(job.id);
    await eventually(() => sentAtOf(first.id), 10_000, "first sentAt");

    await changeJob(job.id, { date: "2031-01-15", time: "14:00" });
    await eventually(async () => (smtp.mailTo(email).length === 2 ? true : undefined), 20_000, "second mail");
    const moved = smtp.mailTo(email)[1];
    expect(header(moved, "Subject")).toBe(
      "Your visit from Drip & Drain has moved to Wednesday, January 15, 2031 at 2:00 PM",
    );
    expect(icsOf(moved.raw)).toContain("DTSTART;TZID=America/Chicago:20310115T140000");
    expect(icsOf(moved.raw)).toContain(`SEQUENCE:${job.version + 1}`);
  }, 40_000);
});

describe("a notice that no longer fits is dropped, not sent", () => {
  // Rows recorded directly: the queue never sees them, the test calls the handler itself.
  async function pendingNotice(kind: "confirmation" | "reminder" | "on_the_way", dedupeKey?: string) {
    const tenant = await noticeCompany();
    const email = uniqueEmail("pending");
    const [customer] = await db
      .insert(customers)
      .values({ companyId: tenant.company.id, name: "Pia Pending", email })
      .returning();
    const job = await buildJob(tenant.company.id, tenant.employee.id, {
      customerId: customer.id,
      customerEmail: email,
      date: "2031-02-03",
    });
    const [notice] = await db
      .insert(customerNotices)
      .values({
        companyId: tenant.company.id,
        jobId: job.id,
        customerId: customer.id,
        kind,
        dedupeKey: dedupeKey ?? `${kind}:${job.id}:test`,
        recipient: email,
      })
      .returning();
    return { tenant, customer, job, notice, email };
  }

  const rowExists = async (id: string) =>
    (await db.select().from(customerNotices).where(eq(customerNotices.id, id))).length === 1;

  it("drops it when the customer unsubscribed, the job is cancelled or deleted, or notices were turned off", async () => {
    const optedOut = await pendingNotice("on_the_way");
    await db
      .update(customers)
      .set({ noticesOptedOutAt: new Date() })
      .where(eq(customers.id, optedOut.customer.id));
    expect(await sendCustomerNotice({ data: { noticeId: optedOut.notice.id } })).toBe("skipped");
    expect(await rowExists(optedOut.notice.id)).toBe(false);

    const cancelled = await pendingNotice("confirmation");
    await changeJob(cancelled.job.id, { status: "cancelled" });
    expect(await sendCustomerNotice({ data: { noticeId: cancelled.notice.id } })).toBe("skipped");

    const deleted = await pendingNotice("confirmation");
    const { jobs } = await import("@sched/core/db/schema");
    await db.delete(jobs).where(eq(jobs.id, deleted.job.id));
    expect(await sendCustomerNotice({ data: { noticeId: deleted.notice.id } })).toBe("skipped");

    const off = await pendingNotice("on_the_way");
    const { companySettings } = await import("@sched/core/db/schema");
    await db
      .update(companySettings)
      .set({ customerNotices: false })
      .where(eq(companySettings.companyId, off.tenant.company.id));
    expect(await sendCustomerNotice({ data: { noticeId: off.notice.id } })).toBe("skipped");

    for (const { email } of [optedOut, cancelled, deleted, off]) expect(smtp.mailTo(email)).toEqual([]);
  });

  it("drops a reminder for a visit moved to another day", async () => {
    const { job, notice } = await pendingNotice("reminder");
    await db
      .update(customerNotices)
      .set({ dedupeKey: reminderKey({ id: job.id, date: "2031-02-01" }) })
      .where(eq(customerNotices.id, notice.id));
    expect(await sendCustomerNotice({ data: { noticeId: notice.id } })).toBe("skipped");
  });
});

describe("the day-before reminder", () => {
  it("is swept every minute by the worker, with a handler for the sweep and the e-mail", () => {
    expect(REPEATING.sweepCustomerNotices).toEqual({ every: 60_000 });
    expect(maintenanceHandlers.sweepCustomerNotices).toBeDefined();
    expect(emailHandlers.sendCustomerNotice).toBeDefined();
  });

  it("is recorded once, at the reminder time in each company's own time zone", async () => {
    const chicago = await noticeCompany({ timeZone: "America/Chicago", reminderTime: "17:00" });
    const tokyo = await noticeCompany({ timeZone: "Asia/Tokyo", reminderTime: "08:30" });
    // Far-off dates of their own, so other tests' jobs are not tomorrow for these sweeps.
    const inChicago = await buildJob(chicago.company.id, chicago.employee.id, {
      customerEmail: uniqueEmail("chi"),
      date: "2032-05-12",
    });
    const dayAfter = await buildJob(chicago.company.id, chicago.employee.id, {
      customerEmail: uniqueEmail("later"),
      date: "2032-05-13",
    });
    const inTokyo = await buildJob(tokyo.company.id, tokyo.employee.id, {
      customerEmail: uniqueEmail("tyo"),
      date: "2032-05-12",
    });
    const remindersOf = async (jobId: string) =>
      (await noticesOf(jobId)).filter((notice) => notice.kind === "reminder");

    // 16:59 in Chicago (CDT, UTC-5) on the 11th; 06:59 on the 12th in Tokyo: no one's time yet... for Tokyo the 12th is today.
    await sweepCustomerNotices(new Date("2032-05-11T21:59:00Z"));
    expect(await remindersOf(inChicago.id)).toEqual([]);
    // 23:30 UTC on the 10th is 08:30 on the 11th in Tokyo: its tomorrow is the 12th.
    await sweepCustomerNotices(new Date("2032-05-10T23:30:00Z"));
    expect(await remindersOf(inTokyo.id)).toHaveLength(1);
    expect(await remindersOf(inChicago.id)).toEqual([]);

    // 17:00 in Chicago: the 12th is tomorrow there.
    await sweepCustomerNotices(new Date("2032-05-11T22:00:00Z"));
    const [reminder] = await remindersOf(inChicago.id);
    expect(reminder).toMatchObject({ dedupeKey: `reminder:${inChicago.id}:2032-05-12` });
    expect(await remindersOf(dayAfter.id)).toEqual([]);
    // A later sweep the same evening (or a second worker) records nothing more.
    await sweepCustomerNotices(new Date("2032-05-11T23:00:00Z"));
    expect(await remindersOf(inChicago.id)).toHaveLength(1);
    expect(await remindersOf(inTokyo.id)).toHaveLength(1);

    const [mail] = await smtp.waitForMail(reminder.recipient, 20_000);
    expect(header(mail, "Subject")).toBe("Reminder: Drip & Drain visits you tomorrow at 9:00 AM");
  }, 40_000);

  it("skips companies with notices off and customers who opted out", async () => {
    const off = await noticeCompany({ customerNotices: false });
    const on = await noticeCompany();
    const offJob = await buildJob(off.company.id, off.employee.id, {
      customerEmail: uniqueEmail("o"),
      date: "2032-06-02",
    });
    const [quiet] = await db
      .insert(customers)
      .values({
        companyId: on.company.id,
        name: "Quiet",
        email: uniqueEmail("q"),
        noticesOptedOutAt: new Date(),
      })
      .returning();
    const optedOutJob = await buildJob(on.company.id, on.employee.id, {
      customerId: quiet.id,
      date: "2032-06-02",
    });
    await sweepCustomerNotices(new Date("2032-06-01T23:00:00Z"));
    expect(await noticesOf(offJob.id)).toEqual([]);
    expect(await noticesOf(optedOutJob.id)).toEqual([]);
  });
});

describe("the hook after a job command", () => {
  it("never throws: a notice that cannot be recorded is logged, the save stands", async () => {
    const tenant = await noticeCompany();
    const job = await buildJob(tenant.company.id, tenant.employee.id, { customerEmail: uniqueEmail("gone") });
    // A job id that does not exist (deleted in the meantime): the notice's insert fails.
    const vanished = { ...job, id: crypto.randomUUID() };
    await expect(noticeJobChange({ type: "created", job: vanished })).resolves.toBeUndefined();
    expect(await noticesOf(vanished.id)).toEqual([]);
  });
});

describe("a notice whose wake-up never reached the queue", () => {
  it("is owed in the mail outbox with its row, and the worker's poll sends it from there", async () => {
    const tenant = await noticeCompany();
    const email = uniqueEmail("lost");
    const [customer] = await db
      .insert(customers)
      .values({ companyId: tenant.company.id, name: "Lost", email })
      .returning();
    const job = await buildJob(tenant.company.id, tenant.employee.id, {
      customerId: customer.id,
      date: "2031-03-04",
    });
    // Recorded as a command records it (held back an hour, so the queue's wake-up waits too),
    // then that wake-up lost, as when Redis comes back empty.
    const noticeId = await recordNotice(
      { companyId: tenant.company.id, jobId: job.id },
      { customerId: customer.id, email },
      { kind: "on_the_way", dedupeKey: onTheWayKey({ id: job.id, date: "2031-03-04" }) },
      60 * 60 * 1000,
    );
    if (!noticeId) throw new Error("no notice recorded");
    await getEmailQueue().remove(`customer-notice-${noticeId}`);
    const [owed] = await db.select().from(mailOutbox).where(eq(mailOutbox.subjectId, noticeId));
    expect(owed).toMatchObject({ kind: "customer_notice", companyId: tenant.company.id });

    // The outbox is the run's: this row is made due in 2001, where only this poll looks.
    const dueAt = new Date("2001-01-01T00:00:00Z");
    await db.update(mailOutbox).set({ nextAttemptAt: dueAt }).where(eq(mailOutbox.id, owed.id));
    await deliverDueMail(new Date("2001-01-01T00:01:00Z"));
    await smtp.waitForMail(email, 20_000);
    expect(await sentAtOf(noticeId)).toBeInstanceOf(Date);
    expect(header(smtp.mailTo(email)[0], "Subject")).toBe("Drip & Drain is on the way");
    expect(smtp.mailTo(email)[0].decoded).toContain(
      "Pat Plumber from Drip & Drain is on the way to 1 Main St",
    );
  }, 40_000);
});
