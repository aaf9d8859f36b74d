/**
 * The phone's outbox (docs/offline.md): every change a technician makes that could not
 * be sent yet, kept in IndexedDB so it survives a reload or a phone restart, in the order
 * it was made. Each change carries the Idempotency-Key it is always sent with and the job
 * version it was made on.
 */
import type { JobPhotoKind } from "@sched/shared-types";
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from "idb";

const OUTBOX_DB = "sched-offline";
const STORE = "changes";

/** waiting: to send; failed: refused for a reason to show; conflict: the office changed the job first. */
type ChangeState = "waiting" | "failed" | "conflict";

/**
 * The fields a technician changes on a job from My Day. The photo fields are those of
 * changes kept by an older version of the app; new photos are QueuedJobPhoto.
 */
export type JobWork = {
  status?: "in_progress" | "completed";
  completedAt?: string;
  onMyWay?: true;
  /** Where the phone was at On my way, when the technician shares it (docs/visits.md). */
  from?: { lat: number; lng: number };
  beforePhoto?: string;
  afterPhoto?: string;
};

type Common = {
  /** Order of making: the outbox sends oldest first. */
  seq?: number;
  /** Sent as Idempotency-Key on every try of this change. */
  key: string;
  companyId: string;
  /** The signed-in user who made it: another user's changes are never sent with this session. */
  userId: string;
  madeAt: string;
  state: ChangeState;
  /** Why it failed or what the office did, in the server's words. */
  reason?: string;
};

export type QueuedJobChange = Common & {
  kind: "job";
  jobId: string;
  /** The job version the change was made on. */
  version: number;
  /**
   * The job as the phone showed it when the change was made (a JobDTO): what a conflict
   * compares the office's job with, field by field. Absent in changes kept by an older app.
   */
  seen?: Record<string, unknown>;
  work: JobWork;
  /** For a conflict: the job as the office left it (a JobDTO). */
  current?: { version: number } & Record<string, unknown>;
};

/** One photo more for a job (POST /api/jobs/:id/photos), already resized on the phone. */
export type QueuedJobPhoto = Common & {
  kind: "photo";
  jobId: string;
  photoKind: JobPhotoKind;
  /** The resized photo as a data URL: what is sent, and what the strip shows meanwhile. */
  photo: string;
};

/**
 * One item more on a job (POST /api/jobs/:id/items, docs/money.md): from the price book, or
 * typed with its price by who sees prices.
 */
export type QueuedJobItem = Common & {
  kind: "item";
  jobId: string;
  /** The request's body, sent as it was made. */
  item: {
    priceBookItemId?: string;
    name?: string;
    quantity: number;
    unitPrice?: { amount: number; currency: string };
  };
  /** Its name and unit as the phone showed them ("Trap", "hour"), for the list meanwhile. */
  label: string;
  unit?: string | null;
};

export type QueuedChatMessage = Common & { kind: "chat"; message: string };

/** "Start my day" or "End my day" (docs/timesheets.md): sent with the time it was tapped (`madeAt`). */
export type QueuedClockTap = Common & { kind: "clock"; action: "in" | "out" };

export type QueuedChange =
  | QueuedJobChange
  | QueuedJobPhoto
  | QueuedJobItem
  | QueuedChatMessage
  | QueuedClockTap;

interface OutboxSchema extends DBSchema {
  changes: { key: number; value: QueuedChange };
}

let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  opening ??= openDB<OutboxSchema>(OUTBOX_DB, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
    },
    // Another tab signing out deletes the database: let it, and open afresh next time.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
    terminated() {
      opening = null;
    },
  });
  return opening;
}

/** Every kept change, oldest first. */
export async function listChanges(): Promise<QueuedChange[]> {
  return (await database()).getAll(STORE);
}

/** Keeps a new change; answers it with its place in the order. */
export async function addChange(change: QueuedChange): Promise<QueuedChange> {
  const seq = await (await database()).add(STORE, change);
  return { ...change, seq };
}

export async function putChange(change: QueuedChange): Promise<void> {
  await (await database()).put(STORE, change);
}

export async function removeChange(seq: number): Promise<void> {
  await (await database()).delete(STORE, seq);
}

/**
 * A job change was sent and saved as `savedVersion`: it leaves the outbox, and the later
 * changes of the same job made on top of it (on the version it was made on) now stand on
 * the saved version, in the same transaction so a reload never sees one without the other.
 */
export async function settleJobChange(sent: QueuedJobChange, savedVersion: number): Promise<void> {
  const tx = (await database()).transaction(STORE, "readwrite");
  const all = await tx.store.getAll();
  for (const change of all) {
    if (change.seq === sent.seq) continue;
    const isOnTop =
      change.kind === "job" &&
      change.jobId === sent.jobId &&
      (change.seq ?? 0) > (sent.seq ?? 0) &&
      change.version === sent.version;
    if (isOnTop) await tx.store.put({ ...change, version: savedVersion });
  }
  if (sent.seq !== undefined) await tx.store.delete(sent.seq);
  await tx.done;
}

/** Forgets every kept change (signing out: docs/offline.md). */
export async function deleteOutbox(): Promise<void> {
  const open = opening;
  opening = null;
  if (open) (await open.catch(() => null))?.close();
  await deleteDB(OUTBOX_DB);
}
