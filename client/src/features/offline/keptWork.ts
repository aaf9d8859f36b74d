/**
 * A job as the technician left it (docs/offline.md): the listed job with the changes
 * still waiting in the outbox laid over it, so a completion or a photo made offline shows
 * at once and after a reload. The server's job returns once they are sent.
 */
import type { JobDTO } from "@sched/shared-types";
import type { JobWork, QueuedChange, QueuedJobChange } from "./outbox";

export type KeptWork = {
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

export function keptWorkOf(job: JobDTO, changes: readonly QueuedChange[]): KeptWork {
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
