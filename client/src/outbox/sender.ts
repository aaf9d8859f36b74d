/**
 * Sends the outbox (docs/offline.md), oldest change first, one at a time, each with its
 * own Idempotency-Key and the version it was made on: a change whose answer was lost is
 * sent again and the server answers the first answer instead of applying it twice.
 *
 * A photo (POST /api/jobs/:id/photos) and an item (POST /api/jobs/:id/items) are sent the
 * same way, after the earlier changes of their job.
 *
 * - saved: it leaves the outbox; later changes of the same job made on top of it move to
 *   the saved version (outbox.ts, settleJobChange).
 * - 409 stale: the office changed the job first. The change stays as a conflict for the
 *   technician to resolve; later changes of that job wait behind it.
 * - another refusal (4xx): it stays as failed, with the server's reason, for a retry.
 * - no network, a 5xx, a sign-in that ended: the round stops and is tried again later.
 */
import type {
  ChatMessageDTO,
  JobDTO,
  JobItemDTO,
  JobPhotoDTO,
  TimeEntryDTO,
  UserDTO,
} from "@sched/shared-types";
import { addPushedMessage } from "../entities/chat/chatCache";
import { ApiError, apiJson } from "../lib/api";
import { errorMessage } from "../lib/errorText";
import { newIdempotencyKey } from "../lib/idempotency";
import { queryClient } from "../lib/queryClient";
import { queryKeys, rootKey } from "../lib/queryKeys";
import { putRowInLists, staleAnswerOf } from "../lib/staleChange";
import { nextToSend } from "./order";
import {
  listChanges,
  putChange,
  type QueuedChange,
  type QueuedClockTap,
  type QueuedJobChange,
  type QueuedJobItem,
  type QueuedJobPhoto,
  removeChange,
  settleJobChange,
} from "./outbox";
import { countSent, dropFromStore, refreshOutbox, setSending } from "./outboxStore";

type Outcome = "sent" | "held" | "stop";

/** The signed-in user's id, or null: changes are only ever sent by the user who made them. */
export function signedInUserId(): string | null {
  return queryClient.getQueryData<UserDTO | null>(queryKeys.user())?.id ?? null;
}

/** The server's answer while an earlier try of the same change still runs (server/src/http/idempotency.ts). */
const STILL_RUNNING = "A request with this Idempotency-Key is still running";

/**
 * A failure worth trying again later as it is: no network, the server's trouble, a lapsed
 * session, an earlier try of the same change still running.
 */
function isPassing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 409 && error.body?.message.startsWith(STILL_RUNNING)) return true;
  return error.status >= 500 || error.status === 401 || error.status === 408 || error.status === 429;
}

async function sendJobChange(change: QueuedJobChange): Promise<Outcome> {
  try {
    // "On my way" is recorded at the tap, not when the phone found a network again.
    // "Start" too: the technician's timesheet counts from the tap (docs/timesheets.md).
    const tappedAt = change.work.onMyWay
      ? { onMyWayAt: change.madeAt }
      : change.work.status === "in_progress"
        ? { startedAt: change.madeAt }
        : {};
    const saved = await apiJson<JobDTO>(
      "PUT",
      `/api/jobs/${change.jobId}`,
      { ...change.work, ...tappedAt, version: change.version },
      { idempotencyKey: change.key },
    );
    await settleJobChange(change, saved.version);
    putRowInLists(queryClient, "jobs", saved);
    return "sent";
  } catch (error) {
    if (isPassing(error)) return "stop";
    const stale = staleAnswerOf<JobDTO>(error);
    if (stale) {
      await putChange({ ...change, state: "conflict", reason: stale.message, current: stale.current });
      putRowInLists(queryClient, "jobs", stale.current);
      return "held";
    }
    await putChange({ ...change, state: "failed", reason: errorMessage(error, "The server refused it.") });
    return "held";
  }
}

async function sendJobPhoto(change: QueuedJobPhoto): Promise<Outcome> {
  try {
    await apiJson<JobPhotoDTO>(
      "POST",
      `/api/jobs/${change.jobId}/photos`,
      { kind: change.photoKind, photo: change.photo },
      { idempotencyKey: change.key },
    );
    if (change.seq !== undefined) await removeChange(change.seq);
    // The strip and the job's photo links load again from the server.
    void queryClient.invalidateQueries({ queryKey: queryKeys.jobPhotos(change.jobId) });
    return "sent";
  } catch (error) {
    if (isPassing(error)) return "stop";
    await putChange({ ...change, state: "failed", reason: errorMessage(error, "The server refused it.") });
    return "held";
  }
}

/** An item added on site (docs/money.md): the key makes a replay add it once. */
async function sendJobItem(change: QueuedJobItem): Promise<Outcome> {
  try {
    const saved = await apiJson<JobItemDTO>("POST", `/api/jobs/${change.jobId}/items`, change.item, {
      idempotencyKey: change.key,
    });
    if (change.seq !== undefined) await removeChange(change.seq);
    // Into the job's list and out of the waiting ones in the same render: never shown twice, nor blinking out.
    queryClient.setQueryData<JobItemDTO[]>(queryKeys.jobItems(change.jobId), (items) =>
      items && !items.some((item) => item.id === saved.id) ? [...items, saved] : items,
    );
    dropFromStore(change);
    void queryClient.invalidateQueries({ queryKey: queryKeys.jobItems(change.jobId) });
    return "sent";
  } catch (error) {
    if (isPassing(error)) return "stop";
    await putChange({ ...change, state: "failed", reason: errorMessage(error, "The server refused it.") });
    return "held";
  }
}

async function sendChatMessage(change: QueuedChange & { kind: "chat" }): Promise<Outcome> {
  try {
    const sent = await apiJson<ChatMessageDTO>(
      "POST",
      "/api/chat",
      { message: change.message, companyId: change.companyId },
      { idempotencyKey: change.key },
    );
    // In the conversation before it leaves the outbox: it never blinks out in between.
    addPushedMessage(queryClient, sent);
    if (change.seq !== undefined) await removeChange(change.seq);
    void queryClient.invalidateQueries({ queryKey: rootKey("chat") });
    return "sent";
  } catch (error) {
    if (isPassing(error)) return "stop";
    await putChange({ ...change, state: "failed", reason: errorMessage(error, "The server refused it.") });
    return "held";
  }
}

/** A day-clock tap, recorded at the time it was tapped (docs/timesheets.md). */
async function sendClockTap(change: QueuedClockTap): Promise<Outcome> {
  try {
    await apiJson<TimeEntryDTO>(
      "POST",
      "/api/time-clock",
      { companyId: change.companyId, action: change.action, at: change.madeAt },
      { idempotencyKey: change.key },
    );
    if (change.seq !== undefined) await removeChange(change.seq);
    void queryClient.invalidateQueries({ queryKey: rootKey("timesheets") });
    return "sent";
  } catch (error) {
    if (isPassing(error)) return "stop";
    await putChange({ ...change, state: "failed", reason: errorMessage(error, "The server refused it.") });
    return "held";
  }
}

async function sendRound(): Promise<void> {
  const userId = signedInUserId();
  if (!userId || !navigator.onLine) return;
  setSending(true);
  try {
    for (;;) {
      const next = nextToSend(await listChanges(), userId);
      if (!next) break;
      const outcome =
        next.kind === "job"
          ? await sendJobChange(next)
          : next.kind === "photo"
            ? await sendJobPhoto(next)
            : next.kind === "item"
              ? await sendJobItem(next)
              : next.kind === "clock"
                ? await sendClockTap(next)
                : await sendChatMessage(next);
      if (outcome === "sent") countSent();
      await refreshOutbox();
      if (outcome === "stop") break;
    }
  } finally {
    setSending(false);
    await refreshOutbox();
  }
}

let running: Promise<void> | null = null;

/** Sends what is waiting; a call while a round runs joins that round. */
export function sendOutbox(): Promise<void> {
  running ??= sendRound()
    .catch(() => {
      // IndexedDB unavailable or the database just deleted (signing out): nothing to send.
    })
    .finally(() => {
      running = null;
    });
  return running;
}

/** Sends a failed change again as it was. */
export async function retryChange(change: QueuedChange): Promise<void> {
  await putChange({ ...change, state: "waiting", reason: undefined });
  await refreshOutbox();
  void sendOutbox();
}

/** Gives up a failed change. */
export async function discardChange(change: QueuedChange): Promise<void> {
  if (change.seq !== undefined) await removeChange(change.seq);
  await refreshOutbox();
  void sendOutbox();
}

/**
 * Keep mine: the technician has seen the office's change and still wants theirs. It is
 * made again on the job as it is now (a new change: new key, the current version), and
 * the changes made on top of it follow it to that version.
 */
export async function keepMine(change: QueuedJobChange): Promise<void> {
  const currentVersion = change.current?.version;
  if (currentVersion === undefined) return retryChange(change);
  for (const later of await listChanges()) {
    const isOnTop =
      later.kind === "job" &&
      later.jobId === change.jobId &&
      (later.seq ?? 0) > (change.seq ?? 0) &&
      later.version === change.version;
    if (isOnTop) await putChange({ ...later, version: currentVersion, key: newIdempotencyKey() });
  }
  await putChange({
    ...change,
    state: "waiting",
    version: currentVersion,
    key: newIdempotencyKey(),
    reason: undefined,
    // The office's job is what the technician now keeps their change on.
    seen: change.current,
    current: undefined,
  });
  await refreshOutbox();
  void sendOutbox();
}

/** Take theirs: the office's job stands and this change is dropped. */
export const takeTheirs = (change: QueuedJobChange) => discardChange(change);
