/**
 * The sweep of unsent invitations (docs/reliability.md): an invitation whose e-mail job
 * never reached Redis (its web process stopped during an outage) is sent after the grace
 * period, exactly once, and a job still pending is never doubled.
 *
 * The sweep looks at the whole table, which other test files share: this file's
 * invitations are dated in 2001 and the sweep runs "in 2001", so it only ever sees them.
 */
import "./invitation-env";
import { inviteMember } from "@sched/core/commands/invite-member";
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { employeeInvitations } from "@sched/core/db/schema";
import { listUnsentInvitations, UNSENT_INVITATION_GRACE_MS } from "@sched/core/queries/unsent-invitations";
import { closeQueues, getEmailQueue, invitationEmailJobId } from "@sched/core/queues";
import { buildCompany, uniqueEmail } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maintenanceHandlers } from "../src/jobs/registry";
import { sweepUnsentInvitations } from "../src/jobs/sweep-unsent-invitations";
import { closeMail } from "../src/mail/transport";
import { REPEATING } from "../src/schedules";
import { startWorkers } from "../src/workers";
import { eventually, inviteAs, startSmtpServer } from "./invitation-support";

const MINUTE_MS = 60_000;
/** When this file's invitations were made, as far as the sweep can tell. */
const INVITED_AT = new Date("2001-01-01T00:00:00Z");
/** When this file's sweeps run: past the grace period of INVITED_AT. */
const SWEEP_AT = new Date(INVITED_AT.getTime() + UNSENT_INVITATION_GRACE_MS + MINUTE_MS);

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

type Row = Partial<typeof employeeInvitations.$inferInsert>;

/** An invitation saved without its e-mail job, as when the web process died holding it; `row` adjusts it. */
async function invitationWithoutJob(companyId: string, ownerId: string, row: Row = {}) {
  const email = uniqueEmail("swept");
  const { invitation } = await inviteMember({ companyId, email, role: "employee", invitedBy: ownerId });
  await db
    .update(employeeInvitations)
    .set({ createdAt: INVITED_AT, ...row })
    .where(eq(employeeInvitations.id, invitation.id));
  return { id: invitation.id, email };
}

const jobOf = (invitationId: string) => getEmailQueue().getJob(invitationEmailJobId(invitationId));
const isCompleted = async (invitationId: string) =>
  (await (await jobOf(invitationId))?.isCompleted()) ? true : undefined;

describe("the sweep of unsent invitations", () => {
  it("runs every minute on the maintenance queue", () => {
    expect(REPEATING.sweepUnsentInvitations).toEqual({ every: MINUTE_MS });
    expect(maintenanceHandlers.sweepUnsentInvitations).toBeDefined();
  });

  it("sends an invitation left without a job once; leaves fresh, accepted, expired and sent ones alone", async () => {
    const { company, owner } = await buildCompany();
    const lost = await invitationWithoutJob(company.id, owner.id);
    const others = [
      await invitationWithoutJob(company.id, owner.id, {
        createdAt: new Date(SWEEP_AT.getTime() - MINUTE_MS),
      }),
      await invitationWithoutJob(company.id, owner.id, { isUsed: true, acceptedAt: INVITED_AT }),
      await invitationWithoutJob(company.id, owner.id, { expiresAt: new Date(SWEEP_AT.getTime() - 1) }),
      await invitationWithoutJob(company.id, owner.id, { sentAt: INVITED_AT }),
    ];

    const listed = await listUnsentInvitations(SWEEP_AT);
    expect(listed).toContain(lost.id);
    for (const other of others) expect(listed).not.toContain(other.id);

    await sweepUnsentInvitations(SWEEP_AT);
    expect(await smtp.waitForMail(lost.email)).toHaveLength(1);
    await eventually(() => isCompleted(lost.id), 15_000, "the swept job completed");
    // Sent now: a later sweep leaves it alone, and nothing was queued for the others.
    expect(await listUnsentInvitations(SWEEP_AT)).not.toContain(lost.id);
    await sweepUnsentInvitations(SWEEP_AT);
    expect(smtp.mailTo(lost.email)).toHaveLength(1);
    for (const other of others) {
      expect(await jobOf(other.id)).toBeUndefined();
      expect(smtp.mailTo(other.email)).toEqual([]);
    }
  });

  it("never doubles the job the web queued that is still pending", async () => {
    const { company, owner } = await buildCompany();
    const [emailWorker] = workers.workers;
    await emailWorker.pause();
    try {
      const email = uniqueEmail("pending");
      const invitation = await inviteAs(owner, company.id, email);
      await db
        .update(employeeInvitations)
        .set({ createdAt: INVITED_AT })
        .where(eq(employeeInvitations.id, invitation.id));
      const pending = await jobOf(invitation.id);
      expect(pending).toBeDefined();

      await sweepUnsentInvitations(SWEEP_AT);
      const waiting = await getEmailQueue().getJobs(["waiting", "prioritized", "delayed"]);
      const forInvitation = waiting.filter((job) => job.data.invitationId === invitation.id);
      expect(forInvitation.map((job) => job.id)).toEqual([pending?.id]);

      emailWorker.resume();
      await eventually(() => isCompleted(invitation.id), 15_000, "the pending job completed");
      expect(smtp.mailTo(email)).toHaveLength(1);
    } finally {
      emailWorker.resume();
    }
  });
});
