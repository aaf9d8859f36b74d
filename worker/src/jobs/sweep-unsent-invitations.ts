/**
 * The sweep of unsent invitations, every minute: an invitation whose e-mail job never
 * reached Redis (its web process stopped during an outage) is queued again. The job id
 * is the one the web uses, so a job still pending is not doubled, and the e-mail job
 * sends at most once (sentAt), so the e-mail goes out exactly once (docs/reliability.md).
 */
import { logger } from "@sched/core/logger";
import { listUnsentInvitations } from "@sched/core/queries/unsent-invitations";
import { enqueueEmail, invitationEmailJobId } from "@sched/core/queues";
import type { JobHandler } from "./registry";

export async function sweepUnsentInvitations(now = new Date()) {
  const ids = await listUnsentInvitations(now);
  for (const invitationId of ids) {
    await enqueueEmail("sendInvitationEmail", { invitationId }, invitationEmailJobId(invitationId));
  }
  if (ids.length > 0) logger.info({ count: ids.length }, "unsent invitations queued again");
  return { queued: ids.length };
}

export const sweepUnsentInvitationsJob: JobHandler = () => sweepUnsentInvitations();
