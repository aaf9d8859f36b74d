import "./invitation-env";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { acceptInvitation } from "@sched/core/commands/accept-invitation";
import { inviteMember } from "@sched/core/commands/invite-member";
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { companyUsers, employeeInvitations } from "@sched/core/db/schema";
import { loadCompanyAccess } from "@sched/core/policies/company-access";
import { lookupInvitation } from "@sched/core/queries/invitations";
import { closeQueues, getEmailQueue } from "@sched/core/queues";
import { buildCompany, uniqueEmail } from "@sched/core/test/factories";
import { EMAIL_JOB_OPTIONS } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sendInvitationEmail } from "../src/jobs/send-invitation-email";
import { closeMail } from "../src/mail/transport";
import { startWorkers } from "../src/workers";
import {
  decodeQuotedPrintable,
  eventually,
  header,
  invitationLinks,
  inviteAs,
  type RcptPolicy,
  startSmtpServer,
  tokenOf,
} from "./invitation-support";

let refuse = new Set<string>();
const policy: RcptPolicy = (address) =>
  refuse.delete(address) ? Object.assign(new Error("Try again later"), { responseCode: 451 }) : "accept";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let workers: ReturnType<typeof startWorkers>;

beforeAll(async () => {
  smtp = await startSmtpServer({ rcpt: policy });
  config.smtpUrl = smtp.url;
  workers = startWorkers();
});
afterAll(async () => {
  await workers.close();
  await closeQueues();
  closeMail();
  await smtp.close();
});
afterEach(() => {
  refuse = new Set();
});

async function invite(role: "employee" | "admin" = "employee") {
  const { company, owner } = await buildCompany({ name: "Flow & Fix" });
  const email = uniqueEmail("mail");
  const invitation = await inviteAs(owner, company.id, email, role);
  return { company, owner, email, invitationId: invitation.id };
}

const isCompleted = async (jobId: string) =>
  (await (await getEmailQueue().getJob(jobId))?.isCompleted()) ? true : undefined;

const sentAtOf = async (id: string) =>
  (await db.select().from(employeeInvitations).where(eq(employeeInvitations.id, id)))[0]?.sentAt ?? undefined;

describe("sendInvitationEmail through a real SMTP server", () => {
  it("delivers the invitation with a working link; accepting it as a new person makes a member", async () => {
    const { company, email, invitationId } = await invite("admin");
    const [mail] = await smtp.waitForMail(email);

    expect(header(mail, "Subject")).toBe("You're invited to join Flow & Fix on Scheduler");
    expect(header(mail, "Message-ID")).toBe(`<invitation-${invitationId}@app.test>`);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.decoded).toContain(
      "Olive Owner invited you to join Flow &amp; Fix on Scheduler as an admin.",
    );
    const links = invitationLinks(mail);
    // The same link in the text body, the button and the pasted-link line.
    expect(new Set(links).size).toBe(1);
    expect(links).toHaveLength(3);
    const link = new URL(links[0]);
    expect(link.origin).toBe("http://app.test");
    const token = tokenOf(links[0]);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(await eventually(() => sentAtOf(invitationId), 5000, "sentAt")).toBeInstanceOf(Date);

    expect(await lookupInvitation(token)).toEqual({
      companyName: "Flow & Fix",
      email,
      role: "admin",
      status: "valid",
    });
    const accepted = await acceptInvitation(token, {
      signUpForm: { firstName: "Mia", lastName: "Mailed", password: "from-the-email-1" },
    });
    expect(accepted).toMatchObject({ companyId: company.id, role: "admin", user: { email } });
    const [membership] = await db
      .select()
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, accepted.user.id)));
    expect(membership.role).toBe("admin");
    // The company door lets the new account in with that role.
    expect(await loadCompanyAccess(accepted.user.id, company.id)).toMatchObject({ role: "admin" });
  });

  it("retries with exponential backoff when the server refuses for now, and sends once", async () => {
    const { company, owner } = await buildCompany();
    const email = uniqueEmail("retry");
    refuse.add(email);
    // The invite itself never waits for, or fails with, the e-mail.
    const invitation = await inviteAs(owner, company.id, email);
    await smtp.waitForMail(email, 20_000);
    const jobId = `invitation-${invitation.id}`;
    const job = await getEmailQueue().getJob(jobId);
    expect(job?.opts).toMatchObject({
      attempts: EMAIL_JOB_OPTIONS.attempts,
      backoff: EMAIL_JOB_OPTIONS.backoff,
    });
    expect(EMAIL_JOB_OPTIONS).toMatchObject({ attempts: 5, backoff: { type: "exponential" } });
    await eventually(() => isCompleted(jobId), 5000, "job completed");
    expect((await getEmailQueue().getJob(jobId))?.attemptsMade).toBe(2);
    // The one job of this invitation is done: nothing else can send it, so one mail is final.
    expect(smtp.mailTo(email)).toHaveLength(1);
  }, 30_000);
});

describe("sendInvitationEmail is idempotent", () => {
  it("does nothing for an invitation already sent, cancelled, accepted or expired", async () => {
    const { invitationId, email } = await invite();
    await smtp.waitForMail(email);
    await eventually(() => isCompleted(`invitation-${invitationId}`), 5000, "job completed");
    await eventually(() => sentAtOf(invitationId), 5000, "sentAt");
    expect(await sendInvitationEmail({ data: { invitationId } })).toBe("already-sent");

    const cases = [
      ["gone", (id: string) => db.delete(employeeInvitations).where(eq(employeeInvitations.id, id))],
      [
        "accepted",
        (id: string) =>
          db.update(employeeInvitations).set({ isUsed: true }).where(eq(employeeInvitations.id, id)),
      ],
      [
        "expired",
        (id: string) =>
          db
            .update(employeeInvitations)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(employeeInvitations.id, id)),
      ],
    ] as const;
    // Rows made without the queue, so only this direct call could ever send them.
    const { company, owner } = await buildCompany();
    for (const [outcome, change] of cases) {
      const target = uniqueEmail(outcome);
      const { invitation } = await inviteMember({
        companyId: company.id,
        email: target,
        role: "employee",
        invitedBy: owner.id,
      });
      await change(invitation.id);
      expect(await sendInvitationEmail({ data: { invitationId: invitation.id } })).toBe(outcome);
      expect(smtp.mailTo(target)).toEqual([]);
    }
    expect(smtp.mailTo(email)).toHaveLength(1);
  });
});

describe("without SMTP_URL", () => {
  it("writes the e-mail to the outbox as an .eml file with the link", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sched-outbox-"));
    const { company, owner } = await buildCompany();
    const email = uniqueEmail("outbox");
    const { invitation } = await inviteMember({
      companyId: company.id,
      email,
      role: "employee",
      invitedBy: owner.id,
    });
    const saved = { smtpUrl: config.smtpUrl, dataDir: config.dataDir };
    Object.assign(config, { smtpUrl: undefined, dataDir });
    try {
      expect(await sendInvitationEmail({ data: { invitationId: invitation.id } })).toBe("sent");
    } finally {
      Object.assign(config, saved);
    }
    const files = readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(email);
    const raw = decodeQuotedPrintable(readFileSync(path.join(dataDir, "outbox", files[0]), "utf8"));
    expect(raw).toMatch(/http:\/\/app\.test\/invite\/[A-Za-z0-9_-]{43}/);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
