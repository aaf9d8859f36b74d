/**
 * Records that the SMTP server took an e-mail. Once it has, a failed job would make BullMQ's
 * retry send the e-mail again, so a recording that fails (the worker's database connection
 * dropped or PostgreSQL restarting) is made again, on a new connection from the pool, until
 * it succeeds or RECORD_WITHIN_MS has passed. Only a worker that dies in between, or a
 * database down for longer than that, leaves the e-mail unrecorded: its retry sends the same
 * message again (same Message-ID, same content; docs/reliability.md).
 */
import { logger } from "@sched/core/logger";

/** How long a recording is tried again: PostgreSQL restarts and reconnects within seconds. */
export const RECORD_WITHIN_MS = 30_000;
const FIRST_WAIT_MS = 100;
const MAX_WAIT_MS = 2_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `record` (an idempotent update: set sent_at where it is still null) until it succeeds. */
export async function recordSent(
  record: () => Promise<unknown>,
  about: Record<string, string>,
): Promise<void> {
  const deadline = Date.now() + RECORD_WITHIN_MS;
  for (let waitMs = FIRST_WAIT_MS; ; waitMs = Math.min(waitMs * 2, MAX_WAIT_MS)) {
    try {
      await record();
      return;
    } catch (error) {
      if (Date.now() + waitMs > deadline) throw error;
      logger.warn({ ...about, err: error }, "e-mail sent but not yet recorded; recording again");
      await wait(waitMs);
    }
  }
}
