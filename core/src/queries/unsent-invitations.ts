/**
 * Invitations whose e-mail never reached the queue: the web process that held it in
 * memory during a Redis outage stopped before handing it over. The worker's sweep asks
 * for their e-mail again after a grace period (docs/reliability.md).
 */
import { and, asc, eq, gt, isNull, lte } from "drizzle-orm";
import { db } from "../db/client";
import { employeeInvitations } from "../db/schema";

/** Long enough for the web's own enqueue (and its hand-over after a short outage) to land first. */
export const UNSENT_INVITATION_GRACE_MS = 2 * 60 * 1000;

/** One sweep's bound; whatever is left waits for the next sweep. */
const SWEEP_BATCH = 500;

/**
 * Ids of the invitations not sent, not accepted, not expired at `now` and older than
 * the grace period, oldest first. A cancelled invitation is deleted, so never listed.
 */
export async function listUnsentInvitations(now = new Date()): Promise<string[]> {
  const createdBefore = new Date(now.getTime() - UNSENT_INVITATION_GRACE_MS);
  const rows = await db
    .select({ id: employeeInvitations.id })
    .from(employeeInvitations)
    .where(
      and(
        isNull(employeeInvitations.sentAt),
        eq(employeeInvitations.isUsed, false),
        gt(employeeInvitations.expiresAt, now),
        lte(employeeInvitations.createdAt, createdBefore),
      ),
    )
    .orderBy(asc(employeeInvitations.createdAt))
    .limit(SWEEP_BATCH);
  return rows.map((row) => row.id);
}
