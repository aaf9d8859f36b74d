import "./invitation-env";
/**
 * Exactly once across a worker killed with SIGKILL (docs/customers.md):
 * the notice's row is made before its e-mail job is queued, the job sends a row once
 * (sentAt), and the restarted worker's retry delivers the one e-mail.
 */
import { db } from "@sched/core/db/client";
import { customerNotices } from "@sched/core/db/schema";
import { closeQueues, getEmailQueue } from "@sched/core/queues";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { sendCustomerNotice } from "../src/jobs/send-customer-notice";
import { bookJob, changeJob, noticeCompany, noticesOf } from "./customer-notice-support";
import { eventually, header, startSmtpServer } from "./invitation-support";
import { workerProcesses } from "./worker-processes";

const workers = workerProcesses();
const servers: { close: () => Promise<void> }[] = [];

afterEach(async () => {
  await workers.stopAll();
  for (const server of servers.splice(0)) await server.close();
});
afterAll(async () => {
  await closeQueues();
});

const noticeRow = async (id: string) =>
  (await db.select().from(customerNotices).where(eq(customerNotices.id, id)))[0];

/** Waits for the notice's job to complete, then stops every worker: what the server holds is final. */
async function settle(noticeId: string) {
  const job = await getEmailQueue().getJob(`customer-notice-${noticeId}`);
  await eventually(async () => ((await job?.isCompleted()) ? true : undefined), 60_000, "job completed");
  expect((await noticeRow(noticeId)).sentAt).toBeInstanceOf(Date);
  await workers.stopAll();
}

describe("a worker killed with SIGKILL while sending a booking notice", () => {
  it("delivers the confirmation exactly once after a restart, and a later move sends one new confirmation", async () => {
    const tenant = await noticeCompany();
    const email = `fault-${crypto.randomUUID().slice(0, 8)}@example.test`;
    let isHeld = false;
    let reachedRcpt: () => void = () => {};
    const atRcpt = new Promise<void>((resolve) => {
      reachedRcpt = resolve;
    });
    // The first attempt is held at RCPT TO: the worker is mid-conversation when it dies.
    const smtp = await startSmtpServer({
      rcpt: (address) => {
        if (address !== email || isHeld) return "accept";
        isHeld = true;
        reachedRcpt();
        return "hold";
      },
    });
    servers.push(smtp);
    const first = await workers.start(smtp.url);
    const { job } = await bookJob(tenant, { customerEmail: email });
    const [notice] = await noticesOf(job.id);

    await atRcpt;
    await workers.killHard(first);
    expect((await noticeRow(notice.id)).sentAt).toBeNull();
    expect(smtp.mailTo(email)).toEqual([]);

    // BullMQ hands the killed worker's job on once its lock has expired (30 s) and a stalled
    // check has run (every 30 s): up to a minute, plus the new process's start on a busy machine.
    await workers.start(smtp.url);
    await smtp.waitForMail(email, 110_000);
    await settle(notice.id);
    expect(smtp.mailTo(email)).toHaveLength(1);
    expect(header(smtp.mailTo(email)[0], "Message-ID")).toBe(`<customer-notice-${notice.id}@app.test>`);

    // The same change again (a retry, a repeated save): nothing new is recorded or sent.
    expect(await sendCustomerNotice({ data: { noticeId: notice.id } })).toBe("already-sent");
    await changeJob(job.id, { description: "Same visit, new note" });
    expect(await noticesOf(job.id)).toHaveLength(1);

    // A move is a new change: one more confirmation, once.
    await workers.start(smtp.url);
    await changeJob(job.id, { time: "11:00" });
    const notices = await noticesOf(job.id);
    expect(notices).toHaveLength(2);
    await eventually(async () => (smtp.mailTo(email).length === 2 ? true : undefined), 60_000, "second mail");
    await settle(notices[1].id);
    expect(smtp.mailTo(email)).toHaveLength(2);
  }, 200_000);
});
