/**
 * The mail outbox (docs/reliability.md): an invitation and a password reset asked for
 * while the web side cannot reach Redis are owed in PostgreSQL, recorded with the change
 * itself, and the worker sends them from there, once each, to a real SMTP server, however
 * many workers take them at once. A change that rolls back owes nothing.
 *
 * The outbox is one table for the whole run: this file's rows are made due "in 2001" and
 * its polls run "in 2001", so they only ever take this file's rows.
 */
import { randomBytes } from "node:crypto";
import { requestPasswordReset } from "@sched/core/commands/request-password-reset";
import { sendInvitation } from "@sched/core/commands/send-invitation";
import { sendMemberPasswordReset } from "@sched/core/commands/send-member-password-reset";
import { config } from "@sched/core/config";
import { db, pool } from "@sched/core/db/client";
import { employeeInvitations, mailOutbox, passwordResets } from "@sched/core/db/schema";
import { closeMailClaims } from "@sched/core/mail-outbox/claim";
import { SENT_MAIL_KEPT_MS } from "@sched/core/mail-outbox/sweep";
import { loadCompanyAccess } from "@sched/core/policies/company-access";
import { closeQueues } from "@sched/core/queues";
import { addMember, buildCompany, uniqueEmail } from "@sched/core/test/factories";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sweepMailOutbox } from "../src/jobs/sweep-mail-outbox";
import { closeMail } from "../src/mail/transport";
import { deliverDueMail } from "../src/mail-outbox";
import { invitationLinks, startSmtpServer } from "./invitation-support";

await vi.hoisted(async () => {
  // The web side's Redis: a port nothing listens on (read by core's config at import).
  const { createServer } = await import("node:net");
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
});

/** When this file's e-mails fall due, and when its polls run. */
const DUE_AT = new Date("2001-01-01T00:00:00Z");
const POLL_AT = new Date("2001-01-01T00:01:00Z");

const TAG = `rollback_${randomBytes(4).toString("hex")}`;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  config.smtpUrl = smtp.url;
  // A commit that fails at the very end, for this file's addresses only: after every
  // statement of the invite has run, the outbox row included.
  await pool.query(`
    create function ${TAG}_refuse() returns trigger language plpgsql as $$
    begin raise exception 'refused at commit'; end $$`);
  await pool.query(`
    create constraint trigger ${TAG}_trigger after insert on employee_invitation
    deferrable initially deferred for each row when (new.email like '${TAG}%')
    execute function ${TAG}_refuse()`);
});
afterAll(async () => {
  await pool.query(`drop trigger if exists ${TAG}_trigger on employee_invitation`);
  await pool.query(`drop function if exists ${TAG}_refuse()`);
  await closeQueues();
  await closeMailClaims();
  closeMail();
  await smtp?.close();
});

const owedFor = (subjectIds: string[]) =>
  db.select().from(mailOutbox).where(inArray(mailOutbox.subjectId, subjectIds));

/** Makes this file's owed e-mail due in 2001, where only this file's polls look. */
const makeDueIn2001 = (subjectIds: string[]) =>
  db.update(mailOutbox).set({ nextAttemptAt: DUE_AT }).where(inArray(mailOutbox.subjectId, subjectIds));

async function invite(email: string) {
  const { company, owner } = await buildCompany();
  const access = await loadCompanyAccess(owner.id, company.id);
  if (!access) throw new Error("the owner is not a member");
  const invitation = await sendInvitation(access, { email, role: "employee" });
  return { company, owner, access, invitation };
}

describe("e-mail asked for while the web side cannot reach Redis", () => {
  it("is owed in the outbox and sent by the worker from PostgreSQL alone, once", async () => {
    const invitedEmail = uniqueEmail("outbox-invite");
    const { company, access, invitation } = await invite(invitedEmail);
    const forgetful = await addMember(company.id, "employee");
    const selfService = await addMember(company.id, "admin");
    await sendMemberPasswordReset(access, forgetful.id);
    const selfResetId = await requestPasswordReset(selfService.email.toLowerCase());
    const [memberReset] = await db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, forgetful.id));
    const subjects = [invitation.id, memberReset.id, selfResetId ?? ""];

    const owed = await owedFor(subjects);
    expect(
      owed.map(({ kind, subjectId, companyId, sentAt }) => ({ kind, subjectId, companyId, sentAt })),
    ).toEqual(
      expect.arrayContaining([
        { kind: "invitation", subjectId: invitation.id, companyId: company.id, sentAt: null },
        { kind: "password_reset", subjectId: memberReset.id, companyId: null, sentAt: null },
        { kind: "password_reset", subjectId: selfResetId, companyId: null, sentAt: null },
      ]),
    );
    expect(owed).toHaveLength(3);

    await makeDueIn2001(subjects);
    expect(await deliverDueMail(POLL_AT)).toBe(3);
    for (const address of [invitedEmail, forgetful.email, selfService.email]) {
      expect(await smtp.waitForMail(address)).toHaveLength(1);
    }
    expect(invitationLinks(smtp.mailTo(invitedEmail)[0])[0]).toContain("/invite/");
    const done = await owedFor(subjects);
    expect(done.map((row) => [row.outcome, row.attempts, row.sentAt !== null])).toEqual([
      ["sent", 1, true],
      ["sent", 1, true],
      ["sent", 1, true],
    ]);
    const [sentInvitation] = await db
      .select()
      .from(employeeInvitations)
      .where(eq(employeeInvitations.id, invitation.id));
    expect(sentInvitation.sentAt).toBeInstanceOf(Date);

    // Polled again: nothing is owed, nothing is sent twice.
    expect(await deliverDueMail(POLL_AT)).toBe(0);
    for (const address of [invitedEmail, forgetful.email, selfService.email]) {
      expect(smtp.mailTo(address)).toHaveLength(1);
    }
  });

  it("owes nothing when the invite rolls back", async () => {
    const { company, owner } = await buildCompany();
    const access = await loadCompanyAccess(owner.id, company.id);
    if (!access) throw new Error("the owner is not a member");
    await expect(sendInvitation(access, { email: `${TAG}@example.test`, role: "employee" })).rejects.toThrow(
      /commit/,
    );
    expect(
      await db.select().from(employeeInvitations).where(eq(employeeInvitations.companyId, company.id)),
    ).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.companyId, company.id))).toEqual([]);
  });

  it("is sent once when two workers take due e-mail at the same moment", async () => {
    const emails = Array.from({ length: 6 }, () => uniqueEmail("outbox-race"));
    const invitations = await Promise.all(emails.map((email) => invite(email)));
    const subjects = invitations.map(({ invitation }) => invitation.id);
    await makeDueIn2001(subjects);

    const [first, second] = await Promise.all([deliverDueMail(POLL_AT), deliverDueMail(POLL_AT)]);
    expect(first + second).toBe(emails.length);
    for (const email of emails) expect(smtp.mailTo(email)).toHaveLength(1);
    const done = await owedFor(subjects);
    expect(done.every((row) => row.outcome === "sent" && row.attempts === 1)).toBe(true);
  });

  it("keeps what it sent for 30 days, and what is still owed for good", async () => {
    const { invitation: sent } = await invite(uniqueEmail("outbox-kept"));
    const { invitation: owed } = await invite(uniqueEmail("outbox-owed"));
    await makeDueIn2001([owed.id]);
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: DUE_AT, sentAt: DUE_AT, outcome: "sent" })
      .where(eq(mailOutbox.subjectId, sent.id));
    const sweptAt = (msAfter: number) => new Date(DUE_AT.getTime() + msAfter);

    expect((await sweepMailOutbox(sweptAt(SENT_MAIL_KEPT_MS - 60_000))).removed).toBe(0);
    expect((await sweepMailOutbox(sweptAt(SENT_MAIL_KEPT_MS + 60_000))).removed).toBe(1);
    expect((await owedFor([sent.id, owed.id])).map((row) => row.subjectId)).toEqual([owed.id]);
  });
});
