/**
 * The hourly trial sweep and the two trial e-mails, through real BullMQ workers and a
 * real SMTP server (smtp-server): each e-mail reaches the owner once, and an expired
 * company's browsers hear subscription.updated.
 */
import type { AddressInfo } from "node:net";
import { db } from "@sched/core/db/client";
import { companies } from "@sched/core/db/schema";
import { loadCompanyAccess } from "@sched/core/policies/company-access";
import { presentSubscriptionInfo } from "@sched/core/presenters/subscription";
import { getEmailQueue } from "@sched/core/queues";
import { buildTenant } from "@sched/core/test/factories";
import { nextEvent, startListeningPost } from "@sched/core/test/sockets";
import { companyRoom } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sweepTrials } from "../src/jobs/sweep-trials";
import { sendTrialReminderEmailJob } from "../src/jobs/trial-emails";
import { startWorkers } from "../src/workers";

type Received = { to: string[]; raw: string };

// SMTP_URL must name the server before the app's config is read; the queues get a prefix of
// their own so another file's workers never take (and send) this file's e-mails.
const { smtp, inbox } = await vi.hoisted(async () => {
  const { SMTPServer: Server } = await import("smtp-server");
  const received: Received[] = [];
  const server: SMTPServer = new Server({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}trial-emails:`;
  return { smtp: server, inbox: received };
});

const DAY_MS = 24 * 60 * 60 * 1000;
const mailsTo = (email: string) => inbox.filter((mail) => mail.to.includes(email));

/**
 * Waits until every e-mail asked for so far has been handled (sent, or given up after its
 * retries). A message is in the inbox before its job completes, so the inbox is final then:
 * no e-mail can still be on its way. This file's queue is its own (the prefix above).
 */
async function emailQueueIdle() {
  await vi.waitFor(
    async () => {
      const counts = await getEmailQueue().getJobCounts("waiting", "active", "delayed", "prioritized");
      expect(counts).toEqual({ waiting: 0, active: 0, delayed: 0, prioritized: 0 });
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** Waits until `email` has `count` messages and nothing more is queued, then checks there are exactly `count`. */
async function expectMails(email: string, count: number) {
  await vi.waitFor(() => expect(mailsTo(email).length).toBeGreaterThanOrEqual(count), {
    timeout: 10_000,
    interval: 50,
  });
  await emailQueueIdle();
  expect(mailsTo(email)).toHaveLength(count);
  return mailsTo(email);
}

async function companyRow(id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

let workers: ReturnType<typeof startWorkers>;
beforeAll(() => {
  workers = startWorkers();
});
afterAll(async () => {
  await workers.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  delete process.env.SMTP_URL;
});

describe("the trial sweep", () => {
  it("sends the reminder three days before the end, once however often it runs", async () => {
    const { company, owner } = await buildTenant({ trialEndsAt: new Date(Date.now() + 2.5 * DAY_MS) });
    const later = await buildTenant({ trialEndsAt: new Date(Date.now() + 5 * DAY_MS) });
    await sweepTrials();
    await sweepTrials();
    const [mail] = await expectMails(owner.email, 1);
    expect(mail.raw).toContain(`Subject: Your Scheduler trial for ${company.name} ends in 3 days`);
    expect(mail.raw).toContain("/subscription");
    expect((await companyRow(company.id)).trialReminderSentAt).not.toBeNull();

    // A later sweep, and the job delivered again (BullMQ is at-least-once), send nothing more.
    await sweepTrials();
    const again = await sendTrialReminderEmailJob({ data: { companyId: company.id } } as never);
    expect(again).toEqual({ sent: false, reason: "already sent" });
    await expectMails(owner.email, 1);
    expect(mailsTo(later.owner.email)).toEqual([]);
  });

  it("sends the trial-ended e-mail once, trialExpired reads true, and the browsers hear subscription.updated", async () => {
    const { company, owner } = await buildTenant({ trialEndsAt: new Date(Date.now() - 60_000) });
    const post = await startListeningPost();
    const socket = await post.listen([companyRoom(company.id)]);
    try {
      const updated = nextEvent(socket, "subscription.updated", 5000);
      await sweepTrials();
      expect(await updated).toEqual({ companyId: company.id });
      const [mail] = await expectMails(owner.email, 1);
      expect(mail.raw).toContain(`Subject: Your Scheduler trial for ${company.name} has ended`);
      await sweepTrials();
      await expectMails(owner.email, 1);
      // What the subscription page reads, and the door's verdict: reads only from now on.
      expect(presentSubscriptionInfo(await companyRow(company.id))).toMatchObject({
        trialExpired: true,
        daysLeftInTrial: 0,
        subscriptionActive: false,
      });
      expect(await loadCompanyAccess(owner.id, company.id)).toMatchObject({ isReadOnly: true });
    } finally {
      await post.close();
    }
  });

  it("leaves paid and free companies alone", async () => {
    const paid = await buildTenant({ trialEndsAt: new Date(Date.now() - DAY_MS) });
    const free = await buildTenant({ trialEndsAt: new Date(Date.now() + DAY_MS) });
    await db.update(companies).set({ subscriptionStatus: "active" }).where(eq(companies.id, paid.company.id));
    await db.update(companies).set({ isFreeAccount: true }).where(eq(companies.id, free.company.id));
    await sweepTrials();
    await emailQueueIdle();
    // A reminder queued directly (as Stripe's trial_will_end does) still checks the company.
    const direct = await sendTrialReminderEmailJob({ data: { companyId: free.company.id } } as never);
    expect(direct).toEqual({ sent: false, reason: "not due" });
    const email = getEmailQueue();
    expect(await email.getJob(`trial-ended-${paid.company.id}`)).toBeUndefined();
    expect(await email.getJob(`trial-reminder-${free.company.id}`)).toBeUndefined();
    expect(mailsTo(paid.owner.email)).toEqual([]);
    expect(mailsTo(free.owner.email)).toEqual([]);
  });
});
