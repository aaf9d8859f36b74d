/**
 * The link to a job's visit page that every message to the customer carries (docs/visits.md).
 * Made on first use, then the same link until the office revokes it; it stops working 30
 * days after the visit's date, whichever date the job has moved to since.
 */
import { addDays } from "@sched/shared-types";
import { and, eq, isNull } from "drizzle-orm";
import { config } from "../config";
import type { Executor } from "../db/client";
import { jobs, visitLinks } from "../db/schema";
import { visitToken } from "./visit-token";

/** How long a link works after the visit's day. */
export const VISIT_LINK_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a link for a visit on `date` stops working: the end of the 30th day after it. A job
 * without a date (a request waiting for the office) keeps its link 30 days from `now`.
 */
export function visitLinkExpiry(date: string | null, now = new Date()): Date {
  if (!date) return new Date(now.getTime() + VISIT_LINK_DAYS * DAY_MS);
  return new Date(`${addDays(date, VISIT_LINK_DAYS + 1)}T00:00:00Z`);
}

async function jobDateOf(executor: Executor, job: { companyId: string; id: string }) {
  const [row] = await executor
    .select({ date: jobs.date })
    .from(jobs)
    .where(and(eq(jobs.id, job.id), eq(jobs.companyId, job.companyId)));
  return row;
}

/** The job's working link row, its expiry brought up to the job's date; made when it has none. */
async function currentLinkId(executor: Executor, job: { companyId: string; id: string }): Promise<string> {
  const scheduled = await jobDateOf(executor, job);
  const current = and(
    eq(visitLinks.companyId, job.companyId),
    eq(visitLinks.jobId, job.id),
    isNull(visitLinks.revokedAt),
  );
  // A message resends the link: its expiry follows the job's date (a gone job keeps the one it had).
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [found] = await executor
      .select({ id: visitLinks.id, expiresAt: visitLinks.expiresAt })
      .from(visitLinks)
      .where(current);
    if (found) {
      if (scheduled?.date) {
        const expiresAt = visitLinkExpiry(scheduled.date);
        if (expiresAt.getTime() !== found.expiresAt.getTime()) {
          await executor.update(visitLinks).set({ expiresAt }).where(eq(visitLinks.id, found.id));
        }
      }
      return found.id;
    }
    // Two messages at once: the unique index keeps one working link, and the other reads it.
    const [made] = await executor
      .insert(visitLinks)
      .values({
        companyId: job.companyId,
        jobId: job.id,
        expiresAt: visitLinkExpiry(scheduled?.date ?? null),
      })
      .onConflictDoNothing()
      .returning({ id: visitLinks.id });
    if (made) return made.id;
  }
  throw new Error(`no visit link could be made for job ${job.id}`);
}

/**
 * The absolute URL of the job's visit page, `${APP_URL}/visit/<token>`: the same link on
 * every call until it is revoked. `executor` may be a transaction (the link then exists once it commits).
 */
export async function visitLink(executor: Executor, job: { companyId: string; id: string }): Promise<string> {
  return `${config.appUrl}/visit/${visitToken(await currentLinkId(executor, job))}`;
}
