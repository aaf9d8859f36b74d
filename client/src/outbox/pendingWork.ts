/**
 * A job as the technician left it (docs/offline.md): the listed job with the changes
 * still waiting in the outbox laid over it, so a completion or a photo made offline shows
 * at once and after a reload. The server's job returns once they are sent.
 */
import type { JobDTO } from "@sched/shared-types";
import { jobChangeLabels, jobChangeValues } from "../entities/job/jobChanges";
import { readValue } from "../lib/staleChange";
import type { JobWork, QueuedChange, QueuedJobChange } from "./outbox";

export type PendingWork = {
  /** The job with the waiting changes applied. */
  job: JobDTO;
  waiting: QueuedJobChange[];
  /** The first change the office overtook (409 stale), for the technician to resolve. */
  conflict: QueuedJobChange | null;
  /** The first change the server refused for another reason. */
  failed: QueuedJobChange | null;
};

const ofJob = (changes: readonly QueuedChange[], jobId: string) =>
  changes.filter((change): change is QueuedJobChange => change.kind === "job" && change.jobId === jobId);

function applyWork(job: JobDTO, work: JobWork, madeAt: string): JobDTO {
  const next = { ...job };
  if (work.status) next.status = work.status;
  if (work.status === "completed") next.completedAt = work.completedAt ?? madeAt;
  if (work.onMyWay) next.onMyWayAt = madeAt;
  if (work.beforePhoto) next.beforePhotoUrl = work.beforePhoto;
  if (work.afterPhoto) next.afterPhotoUrl = work.afterPhoto;
  return next;
}

export function pendingWorkOf(job: JobDTO, changes: readonly QueuedChange[]): PendingWork {
  const mine = ofJob(changes, job.id);
  const waiting = mine.filter((change) => change.state === "waiting");
  return {
    job: waiting.reduce((shown, change) => applyWork(shown, change.work, change.madeAt), job),
    waiting,
    conflict: mine.find((change) => change.state === "conflict") ?? null,
    failed: mine.find((change) => change.state === "failed") ?? null,
  };
}

/** The change in a few words, for the conflict and failure notes. */
export function describeWork(work: JobWork): string {
  const parts: string[] = [];
  if (work.onMyWay) parts.push("On my way");
  if (work.status === "in_progress") parts.push("Start");
  if (work.status === "completed") parts.push("Complete");
  if (work.beforePhoto) parts.push("Before photo");
  if (work.afterPhoto) parts.push("After photo");
  return parts.join(", ");
}

/** "1 change", "3 changes". */
export const changesCount = (count: number) => `${count} ${count === 1 ? "change" : "changes"}`;

/** One field the office changed while the phone was offline: how the phone had it, how it is now. */
export type OfficeChange = { field: string; label: string; was: string; now: string };

/** The fields a conflict names; a photo's address changes with every save, so photos are left out. */
const COMPARED = jobChangeLabels([]);
delete COMPARED.beforePhoto;
delete COMPARED.afterPhoto;

/**
 * What the office changed, field by field, in the board's words ("Time: 9:00 AM, now
 * 3:00 PM"): the job as the phone showed it when the change was made against the job as
 * the office left it. Empty when the phone kept no copy (a change kept by an older app).
 */
export function officeChanges(conflict: Pick<QueuedJobChange, "seen" | "current">): OfficeChange[] {
  if (!conflict.seen || !conflict.current) return [];
  const was = jobChangeValues(conflict.seen as JobDTO);
  const now = jobChangeValues(conflict.current as unknown as JobDTO);
  const changes: OfficeChange[] = [];
  for (const [field, label] of Object.entries(COMPARED)) {
    if (!label) continue;
    const key = field as keyof typeof was;
    const wasText = readValue(label, was[key]);
    const nowText = readValue(label, now[key]);
    if (wasText !== nowText) changes.push({ field, label: label.label, was: wasText, now: nowText });
  }
  return changes;
}
