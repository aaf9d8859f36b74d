/**
 * Idempotency keys (docs/api.md): a create that carries
 * `Idempotency-Key` claims the key for its user before it runs and records its answer
 * after, so a repeat within 24 h reads that answer instead of creating again. A claim
 * is a row whose status is still null; its `createdAt` (to the millisecond) identifies
 * it, so a request whose claim was taken over never records over the new owner's.
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { db } from "../db/client";
import { idempotencyKeys } from "../db/schema";

/** How long a key remembers its answer; an older row is ignored and swept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim still unanswered after this long belongs to a request that died: the next one takes it over. */
export const ABANDONED_CLAIM_MS = 60 * 1000;

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

/** Ours to run (with the claim's id), or the row someone else holds. */
export type IdempotencyClaim =
  | { claimed: true; claimedAt: Date }
  | { claimed: false; record: IdempotencyRecord };

const olderThan = (ms: number) => sql`now() - ${ms} * interval '1 millisecond'`;
// Milliseconds, so the value JavaScript reads back compares equal to the stored one.
const claimTime = sql`date_trunc('milliseconds', now())`;

/**
 * Claims `key` for this request: a new key, an expired row, or an abandoned claim of the
 * same request is taken in one statement (the row lock serialises concurrent claimers);
 * otherwise the row as it stands is returned. A row deleted between the two reads (its
 * request failed) is claimed on the next turn.
 */
export async function claimIdempotencyKey(
  userId: string,
  key: string,
  requestHash: string,
): Promise<IdempotencyClaim> {
  for (;;) {
    const [taken] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, createdAt: claimTime })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { requestHash, statusCode: null, responseBody: null, createdAt: claimTime },
        // Qualified by hand: inside ON CONFLICT the bare names would be ambiguous with `excluded`.
        setWhere: sql`idempotency_key.created_at < ${olderThan(IDEMPOTENCY_KEY_TTL_MS)}
          or (idempotency_key.status_code is null
            and idempotency_key.request_hash = excluded.request_hash
            and idempotency_key.created_at < ${olderThan(ABANDONED_CLAIM_MS)})`,
      })
      .returning({ createdAt: idempotencyKeys.createdAt });
    if (taken) return { claimed: true, claimedAt: taken.createdAt };
    const [record] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (record) return { claimed: false, record };
  }
}

const ownClaim = (userId: string, key: string, claimedAt: Date) =>
  and(
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.createdAt, claimedAt),
    isNull(idempotencyKeys.statusCode),
  );

/** Stores the answer of a request that succeeded; repeats replay it from now on. */
export async function recordIdempotentAnswer(
  userId: string,
  key: string,
  claimedAt: Date,
  answer: { statusCode: number; body: unknown },
) {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, responseBody: answer.body ?? null })
    .where(ownClaim(userId, key, claimedAt));
}

/** Gives the key back after a failure, so that a retry runs again. */
export async function releaseIdempotencyKey(userId: string, key: string, claimedAt: Date) {
  await db.delete(idempotencyKeys).where(ownClaim(userId, key, claimedAt));
}

/** The daily sweep: rows older than 24 h are no longer answered, so they go. */
export async function sweepIdempotencyKeys(now = new Date()): Promise<number> {
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, expiredBefore))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
