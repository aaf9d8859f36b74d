/**
 * The worker side of the mail outbox (docs/reliability.md): one owed e-mail is taken with
 * `FOR UPDATE SKIP LOCKED` and its row stays locked while it is sent, so any number of
 * workers, and the queue's hint beside the poll, never send one e-mail twice at once. A
 * worker that dies mid-send drops its connection, and with it the lock: the next one takes
 * the row at once. Sending is on connections of their own, so a send that holds its row
 * never waits for a connection the handler itself needs.
 */
import { and, asc, eq, isNull, lte, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { config } from "../config";
import { mailOutbox, type OutboxMailKind } from "../db/schema";
import { logger } from "../logger";

/** One per e-mail being sent at once: the queue's concurrency (5) and the poll (1). */
const CLAIM_CONNECTIONS = 6;

/** A failed send is tried again after 10 s, 20 s, 40 s ... at most an hour apart. */
const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Which row to take: the next due one (the poll), or one e-mail's (the queue's hint). */
export type MailWhich = "due" | { kind: OutboxMailKind; subjectId: string };

let claimDb: ReturnType<typeof openClaimDb> | undefined;

function openClaimDb() {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: CLAIM_CONNECTIONS });
  pool.on("error", (error) => logger.warn({ err: error }, "idle outbox connection lost"));
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.warn({ err: error }, "outbox connection lost while in use"));
  });
  return { pool, db: drizzle(pool) };
}

export const retryAt = (now: Date, attempts: number) =>
  new Date(now.getTime() + Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS));

function whereOf(which: MailWhich, now: Date): SQL | undefined {
  if (which === "due") return and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now));
  return and(
    eq(mailOutbox.kind, which.kind),
    eq(mailOutbox.subjectId, which.subjectId),
    isNull(mailOutbox.sentAt),
  );
}

/**
 * Takes one owed e-mail nobody else holds and runs `send` while holding it: its outcome
 * marks the row done; a throw is recorded (attempts, last_error, next_attempt_at by
 * backoff from `now`) and returned as `error`. Undefined when there was nothing to take;
 * a database that fails throws.
 */
export async function deliverClaimedMail(
  which: MailWhich,
  send: (row: OutboxRow) => Promise<string>,
  now = new Date(),
): Promise<{ row: OutboxRow; outcome: string; error?: unknown } | undefined> {
  claimDb ??= openClaimDb();
  return claimDb.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(mailOutbox)
      .where(whereOf(which, now))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return undefined;
    const attempts = row.attempts + 1;
    try {
      const outcome = await send(row);
      await tx
        .update(mailOutbox)
        .set({ sentAt: new Date(), outcome, attempts, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      return { row, outcome };
    } catch (error) {
      await tx
        .update(mailOutbox)
        .set({
          attempts,
          lastError: String((error as Error)?.message ?? error),
          nextAttemptAt: retryAt(now, attempts),
        })
        .where(eq(mailOutbox.id, row.id));
      return { row, outcome: "failed", error };
    }
  });
}

export async function closeMailClaims(): Promise<void> {
  const current = claimDb;
  claimDb = undefined;
  await current?.pool.end();
}
