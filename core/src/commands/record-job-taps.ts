/**
 * A technician's job taps ("On my way", "Start", "Complete") kept as facts of their day
 * (docs/timesheets.md): written when the tap changes the job, in job_taps, which no job
 * delete or move touches; the job keeps its first Start (`tapped_start_at`, read by the
 * owner's on-time figure). Only the technician's own taps count: the office marking a job
 * done from the board is no time worked by anyone.
 */
import { eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { jobs, jobTaps } from "../db/schema";
import type { CompanyAccess } from "../policies/company-access";
import { linkedEmployeeOf } from "../policies/job-progress";

type JobRow = typeof jobs.$inferSelect;
type Tap = { kind: "on_my_way" | "start" | "complete"; at: Date };

/** What the change tapped: each step once, when the job reached it. */
function tapsOf(before: JobRow, after: JobRow, startedAt: string | undefined, now: Date): Tap[] {
  const taps: Tap[] = [];
  const onMyWay = after.onMyWayAt;
  if (onMyWay && onMyWay.getTime() !== before.onMyWayAt?.getTime())
    taps.push({ kind: "on_my_way", at: onMyWay });
  if (after.status === "in_progress" && before.status !== "in_progress") {
    // A start kept offline carries its tap time; never later than now (a phone's clock may run ahead).
    const at = startedAt ? Math.min(Date.parse(startedAt), now.getTime()) : now.getTime();
    taps.push({ kind: "start", at: new Date(at) });
  }
  if (after.status === "completed" && before.status !== "completed" && after.completedAt) {
    taps.push({ kind: "complete", at: after.completedAt });
  }
  return taps;
}

/** Records the taps of a job change made by `member`, when the job is theirs. */
export async function recordJobTaps(
  member: CompanyAccess,
  before: JobRow,
  after: JobRow,
  startedAt: string | undefined,
  now = new Date(),
): Promise<void> {
  const taps = tapsOf(before, after, startedAt, now);
  if (taps.length === 0 || !after.employeeId) return;
  const employeeId = await linkedEmployeeOf(db, member);
  if (employeeId !== after.employeeId) return;
  const start = taps.find((tap) => tap.kind === "start");
  await db.transaction(async (tx) => {
    await tx
      .insert(jobTaps)
      .values(taps.map((tap) => ({ companyId: member.companyId, employeeId, jobId: after.id, ...tap })));
    // The job keeps its first Start (a start kept offline may come after a later one).
    if (start) {
      await tx
        .update(jobs)
        .set({ tappedStartAt: sql`least(coalesce(${jobs.tappedStartAt}, ${start.at}), ${start.at})` })
        .where(eq(jobs.id, after.id));
    }
  });
}
