/**
 * The password reset e-mail (docs/auth.md), through a real SMTP
 * server: one e-mail per reset, whose link is the stored hash's token and sets the password.
 */
// A Redis prefix of this file's own, so no other file's worker takes these jobs.
import "./invitation-env";
import { randomUUID } from "node:crypto";
import { requestPasswordReset } from "@sched/core/commands/request-password-reset";
import { resetPassword } from "@sched/core/commands/reset-password";
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { passwordResets } from "@sched/core/db/schema";
import { hashToken } from "@sched/core/lib/tokens";
import { closeQueues, getEmailQueue, passwordResetEmailJobId } from "@sched/core/queues";
import { buildCompany, buildUser } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendPasswordResetEmail } from "../src/jobs/send-password-reset-email";
import { closeMail } from "../src/mail/transport";
import { startWorkers } from "../src/workers";
import { eventually, header, type ReceivedMail, startSmtpServer } from "./invitation-support";

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

const resetLinks = (mail: ReceivedMail) =>
  mail.decoded.match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/g) ?? [];

const rowOf = async (id: string) =>
  (await db.select().from(passwordResets).where(eq(passwordResets.id, id)))[0];

const isCompleted = async (jobId: string) =>
  (await (await getEmailQueue().getJob(jobId))?.isCompleted()) ? true : undefined;

describe("sendPasswordResetEmail", () => {
  it("sends one e-mail whose link is the stored token's and sets the password", {
    timeout: 30_000,
  }, async () => {
    const user = await buildUser({ firstName: "Rita" });
    const resetId = await requestPasswordReset(user.email);
    if (!resetId) throw new Error("no reset made");
    const [mail] = await smtp.waitForMail(user.email);
    expect(header(mail, "Subject")).toBe("Choose a new password for Scheduler");
    expect(mail.decoded).toContain("Hello Rita,");
    expect(mail.decoded).toContain("works once, for 60 minutes");
    const [link = ""] = resetLinks(mail);
    expect(link.startsWith(`${config.appUrl}/reset-password/`)).toBe(true);
    const token = link.split("/").pop() ?? "";
    await eventually(() => isCompleted(passwordResetEmailJobId(resetId)), 15_000, "e-mail job completed");
    const row = await rowOf(resetId);
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.sentAt).toBeInstanceOf(Date);
    // Delivered again (BullMQ's at-least-once), it sends nothing more.
    expect(await sendPasswordResetEmail({ data: { resetId } })).toBe("already-sent");
    expect(smtp.mailTo(user.email)).toHaveLength(1);
    expect((await resetPassword(token, "a-new-password-2")).id).toBe(user.id);
  });

  it("says so when the owner sent the link", { timeout: 30_000 }, async () => {
    const { owner } = await buildCompany();
    const member = await buildUser();
    await requestPasswordReset(member.email, owner.id);
    const [mail] = await smtp.waitForMail(member.email);
    expect(mail.decoded).toContain("Your company's owner sent you a link");
  });

  it("skips a reset that is gone, used or expired", async () => {
    expect(await sendPasswordResetEmail({ data: { resetId: randomUUID() } })).toBe("gone");
    const user = await buildUser();
    const [used, expired] = await db
      .insert(passwordResets)
      .values([
        {
          userId: user.id,
          tokenHash: `used-${randomUUID()}`,
          expiresAt: new Date(Date.now() + 60_000),
          usedAt: new Date(),
        },
        { userId: user.id, tokenHash: `expired-${randomUUID()}`, expiresAt: new Date(Date.now() - 1000) },
      ])
      .returning();
    expect(await sendPasswordResetEmail({ data: { resetId: used.id } })).toBe("used");
    expect(await sendPasswordResetEmail({ data: { resetId: expired.id } })).toBe("expired");
    expect(smtp.mailTo(user.email)).toEqual([]);
  });
});
