/**
 * Rules on reporting progress on a job (docs/schedule.md), beside the role
 * rule of save-job.ts:
 *   - a member who may not manage jobs but is linked to a roster employee progresses only
 *     that employee's jobs (403 "This job is not assigned to you"); an unlinked one keeps
 *     the role's rule (any job of the company);
 *   - a completion, "on my way" or start time a client reports lies between the start of the day
 *     before the job's day (UTC, so every time zone's morning is inside; for a job with no
 *     day, the day before it was made) and now plus a few minutes (400 on its field), so no
 *     report is dated where it cannot have happened.
 */
import {
  COMPLETED_AT_OUT_OF_RANGE,
  NOT_YOUR_JOB,
  ON_MY_WAY_AT_OUT_OF_RANGE,
  PROGRESS_TIME_SLACK_MINUTES,
  STARTED_AT_OUT_OF_RANGE,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { companyUsers } from "../db/schema";
import { BadRequest, Forbidden } from "../errors";
import { type CompanyAccess, isAllowed } from "./authorize";

/** `createdAt` bounds the reported times of a job without a day (the Unscheduled tray). */
type ProgressedJob = { employeeId: string | null; date: string | null; createdAt: Date };
type ReportedTimes = { completedAt?: string | null; onMyWayAt?: string; startedAt?: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The roster employee the member is, if linked. */
export async function linkedEmployeeOf(executor: Executor, member: CompanyAccess): Promise<string | null> {
  const [membership] = await executor
    .select({ employeeId: companyUsers.employeeId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, member.companyId), eq(companyUsers.userId, member.userId)))
    .limit(1);
  return membership?.employeeId ?? null;
}

/**
 * 400 on `field` when the reported `time` is outside the day before `date` (for a job with
 * no day, the day before it was made) to now plus the slack.
 */
function assertPlausible(
  time: string,
  job: ProgressedJob,
  date: string | null,
  now: Date,
  field: string,
  message: string,
) {
  const at = Date.parse(time);
  const earliest = (date === null ? job.createdAt.getTime() : Date.parse(`${date}T00:00:00Z`)) - DAY_MS;
  const latest = now.getTime() + PROGRESS_TIME_SLACK_MINUTES * 60 * 1000;
  if (at < earliest || at > latest) throw new BadRequest(message, [{ path: field, message }]);
}

/**
 * Checks a change of `job` (as it is now; `date` is its day after the change) against the
 * progress rules above. The office roles pass the first rule; everyone the second.
 */
export async function assertProgressAllowed(
  executor: Executor,
  member: CompanyAccess,
  job: ProgressedJob,
  reported: ReportedTimes,
  date: string | null,
  now = new Date(),
): Promise<void> {
  if (!isAllowed(member, "manageJobs")) {
    const linked = await linkedEmployeeOf(executor, member);
    if (linked && job.employeeId !== linked) throw new Forbidden(NOT_YOUR_JOB);
  }
  if (reported.completedAt) {
    assertPlausible(reported.completedAt, job, date, now, "completedAt", COMPLETED_AT_OUT_OF_RANGE);
  }
  if (reported.onMyWayAt) {
    assertPlausible(reported.onMyWayAt, job, date, now, "onMyWayAt", ON_MY_WAY_AT_OUT_OF_RANGE);
  }
  if (reported.startedAt) {
    assertPlausible(reported.startedAt, job, date, now, "startedAt", STARTED_AT_OUT_OF_RANGE);
  }
}
