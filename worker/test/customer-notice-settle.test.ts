import "./invitation-env";
/**
 * One e-mail per settled change (docs/customers.md): a move waits in the
 * queue for the company's settle time, and only the job's final state is sent; moving a
 * job to the tray or deleting it cancels the visit once, for a customer who was told of it.
 * Delayed e-mail jobs are promoted here instead of waited for: the delay is the setting.
 */
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { customerNotices } from "@sched/core/db/schema";
import { closeQueues, getEmailQueue } from "@sched/core/queues";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCustomerNotice } from "../src/jobs/send-customer-notice";
import { closeMail } from "../src/mail/transport";
import { startWorkers } from "../src/workers";
import { bookJob, changeJob, noticeCompany, noticesAbout, removeJob } from "./customer-notice-support";
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

const queued = (noticeId: string) => getEmailQueue().getJob(`customer-notice-${noticeId}`);
const rowOf = async (noticeId: string) =>
  (await db.select().from(customerNotices).where(eq(customerNotices.id, noticeId)))[0];

/** A booking whose confirmation went out, in a company whose changes settle for a minute. */
async function toldBooking() {
  const tenant = await noticeCompany({ noticeSettleMinutes: 1 });
  const { job, email } = await bookJob(tenant);
  await smtp.waitForMail(email, 20_000);
  const [booked] = await noticesAbout(job.id);
  await eventually(async () => (await rowOf(booked.id))?.sentAt ?? undefined, 10_000, "booking sent");
  return { tenant, job, email };
}

/** Runs the delayed e-mail jobs now, as their settle time passing would, and waits for each to finish. */
async function settle(noticeIds: string[]) {
  for (const id of noticeIds) {
    const job = await queued(id);
    expect(await job?.isDelayed()).toBe(true);
    await job?.promote();
  }
  for (const id of noticeIds) {
    await eventually(async () => ((await (await queued(id))?.isCompleted()) ? true : undefined), 20_000, id);
  }
}

describe("a change notice", () => {
  it("waits for the settle time, then sends one e-mail with the final state", async () => {
    const { job, email } = await toldBooking();
    const before = Date.now();
    await changeJob(job.id, { date: "2031-01-18" });
    await changeJob(job.id, { date: "2031-01-17", time: "15:00" });
    const moves = (await noticesAbout(job.id)).slice(1);
    expect(moves).toHaveLength(2);
    for (const move of moves) {
      expect(move.sendAfter!.getTime()).toBeGreaterThanOrEqual(before + 60_000);
      expect((await queued(move.id))?.opts.delay).toBe(60_000);
    }
    expect(smtp.mailTo(email)).toHaveLength(1);

    await settle(moves.map((move) => move.id));
    expect(smtp.mailTo(email)).toHaveLength(2);
    expect(header(smtp.mailTo(email)[1], "Subject")).toBe(
      "Your visit from Drip & Drain has moved to Friday, January 17, 2031 at 3:00 PM",
    );
    // Exactly once: the superseded move is gone, the final one cannot be sent again.
    expect(await rowOf(moves[0].id)).toBeUndefined();
    expect(await sendCustomerNotice({ data: { noticeId: moves[1].id } })).toBe("already-sent");
  }, 60_000);

  it("sends nothing when the job is back where the customer was told it is", async () => {
    const { job, email } = await toldBooking();
    await changeJob(job.id, { date: "2031-01-18" });
    await changeJob(job.id, { date: "2031-01-14" });
    const moves = (await noticesAbout(job.id)).slice(1);
    await settle(moves.map((move) => move.id));
    expect(smtp.mailTo(email)).toHaveLength(1);
    expect(await noticesAbout(job.id)).toHaveLength(1);
  }, 60_000);
});

describe("a cancellation", () => {
  it("goes once when the job settles in the tray, and deleting it then sends nothing more", async () => {
    const { job, email } = await toldBooking();
    await changeJob(job.id, { employeeId: null, date: null, time: null });
    const [, cancellation] = await noticesAbout(job.id);
    expect(cancellation).toMatchObject({
      kind: "cancellation",
      visit: { date: "2031-01-14", time: "09:00" },
    });
    await removeJob(job.id);
    expect(await noticesAbout(job.id)).toHaveLength(2);

    await settle([cancellation.id]);
    expect(smtp.mailTo(email)).toHaveLength(2);
    const mail = smtp.mailTo(email)[1];
    expect(header(mail, "Subject")).toBe(
      "Your visit from Drip & Drain on Tuesday, January 14, 2031 at 9:00 AM is cancelled",
    );
    const ics =
      /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(mail.raw)?.[1] ?? "";
    expect(Buffer.from(ics, "base64").toString("utf8")).toContain("STATUS:CANCELLED");
  }, 60_000);

  it("is dropped when the job comes back onto the board before it settles", async () => {
    const { tenant, job, email } = await toldBooking();
    await changeJob(job.id, { employeeId: null, date: null, time: null });
    await changeJob(job.id, { employeeId: tenant.employee.id, date: "2031-01-14", time: "09:00" });
    const [, cancellation, back] = await noticesAbout(job.id);
    expect(cancellation.kind).toBe("cancellation");
    await settle([cancellation.id, back.id]);
    expect(smtp.mailTo(email)).toHaveLength(1);
  }, 60_000);

  it("goes at once when the job is deleted, without waiting for the settle time", async () => {
    const { job, email } = await toldBooking();
    await removeJob(job.id);
    await eventually(
      async () => (smtp.mailTo(email).length === 2 ? true : undefined),
      20_000,
      "cancellation",
    );
    const [, cancellation] = await noticesAbout(job.id);
    expect(cancellation).toMatchObject({ kind: "cancellation", jobId: null, sendAfter: null });
    expect(header(smtp.mailTo(email)[1], "Subject")).toContain("is cancelled");
  }, 60_000);

  it("is never sent to a customer who was not told of the booking, nor for a visit already past", async () => {
    const tenant = await noticeCompany({ noticeSettleMinutes: 1 });
    const { job: untold } = await bookJob(tenant, { customerEmail: "" });
    await removeJob(untold.id);
    expect(await noticesAbout(untold.id)).toEqual([]);

    const { job, email } = await toldBooking();
    await changeJob(job.id, { employeeId: null, date: null, time: null });
    const [, cancellation] = await noticesAbout(job.id);
    await db
      .update(customerNotices)
      .set({ visit: { ...cancellation.visit!, date: "2020-01-14" } })
      .where(eq(customerNotices.id, cancellation.id));
    await settle([cancellation.id]);
    expect(smtp.mailTo(email)).toHaveLength(1);
    expect(await rowOf(cancellation.id)).toBeUndefined();
  }, 60_000);
});
