/**
 * Putting a change in the outbox (docs/offline.md): what My Day and the chat do when the
 * phone is offline, when a send failed for want of a network, or when earlier changes of
 * the same job still wait (a change never overtakes the ones made before it).
 */
import type { JobPhotoKind } from "@sched/shared-types";
import { newIdempotencyKey } from "../lib/idempotency";
import { addChange, type JobWork, type QueuedJobItem } from "./outbox";
import { refreshOutbox, useOutboxStore } from "./outboxStore";
import { sendOutbox, signedInUserId } from "./sender";

/** The job as on screen: its id, company and version, and the rest to compare with later. */
type JobRef = { id: string; companyId: string; version: number };

/** True when changes of this job (its photos and items too) still wait: a new one must queue behind them. */
export function hasKeptChanges(jobId: string): boolean {
  return useOutboxStore
    .getState()
    .changes.some(
      (change) =>
        (change.kind === "job" || change.kind === "photo" || change.kind === "item") &&
        change.jobId === jobId,
    );
}

/** True while a new change should go straight to the outbox rather than to the server. */
export const isOffline = () => !navigator.onLine;

/** Keeps a job change made on `job.version`; `key` is the one an attempt already used. */
export async function queueJobWork(
  job: JobRef,
  work: JobWork,
  key = newIdempotencyKey(),
  /** When it was tapped: a retry of a request already sent keeps the time it was sent with. */
  madeAt = new Date().toISOString(),
): Promise<void> {
  const userId = signedInUserId();
  if (!userId) throw new Error("Sign in again to save this change.");
  await addChange({
    kind: "job",
    key,
    companyId: job.companyId,
    userId,
    jobId: job.id,
    version: job.version,
    seen: { ...job },
    work,
    madeAt,
    state: "waiting",
  });
  await refreshOutbox();
  void sendOutbox();
}

/** Keeps one photo more for the job (resized already); `key` is the one an attempt already used. */
export async function queueJobPhoto(
  job: { id: string; companyId: string },
  photoKind: JobPhotoKind,
  photo: string,
  key = newIdempotencyKey(),
): Promise<void> {
  const userId = signedInUserId();
  if (!userId) throw new Error("Sign in again to save this photo.");
  await addChange({
    kind: "photo",
    key,
    companyId: job.companyId,
    userId,
    jobId: job.id,
    photoKind,
    photo,
    madeAt: new Date().toISOString(),
    state: "waiting",
  });
  await refreshOutbox();
  void sendOutbox();
}

/** Keeps one item more for the job (docs/money.md); `key` is the one an attempt already used. */
export async function queueJobItem(
  job: { id: string; companyId: string },
  item: QueuedJobItem["item"],
  shown: { label: string; unit?: string | null },
  key = newIdempotencyKey(),
): Promise<void> {
  const userId = signedInUserId();
  if (!userId) throw new Error("Sign in again to save this item.");
  await addChange({
    kind: "item",
    key,
    companyId: job.companyId,
    userId,
    jobId: job.id,
    item,
    label: shown.label,
    unit: shown.unit ?? null,
    madeAt: new Date().toISOString(),
    state: "waiting",
  });
  await refreshOutbox();
  void sendOutbox();
}

/** Keeps a chat message; `key` is the one an attempt already used. */
export async function queueChatMessage(companyId: string, message: string, key = newIdempotencyKey()) {
  const userId = signedInUserId();
  if (!userId) throw new Error("Sign in again to send this message.");
  await addChange({
    kind: "chat",
    key,
    companyId,
    userId,
    message,
    madeAt: new Date().toISOString(),
    state: "waiting",
  });
  await refreshOutbox();
  void sendOutbox();
}

/** Keeps a day-clock tap (docs/timesheets.md); `key` is the one an attempt already used. */
export async function queueClockTap(companyId: string, action: "in" | "out", key = newIdempotencyKey()) {
  const userId = signedInUserId();
  if (!userId) throw new Error("Sign in again to save this change.");
  await addChange({
    kind: "clock",
    key,
    companyId,
    userId,
    action,
    madeAt: new Date().toISOString(),
    state: "waiting",
  });
  await refreshOutbox();
  void sendOutbox();
}
