/**
 * The daily sweep of idempotency keys: a key answers repeats for 24 hours only, so
 * older rows are removed (docs/api.md). The web ignores them
 * already; the sweep keeps the table small.
 */
import { sweepIdempotencyKeys } from "@sched/core/commands/idempotency-keys";
import { logger } from "@sched/core/logger";
import type { JobHandler } from "./registry";

export async function sweepExpiredIdempotencyKeys(now = new Date()) {
  const removed = await sweepIdempotencyKeys(now);
  if (removed > 0) logger.info({ count: removed }, "expired idempotency keys removed");
  return { removed };
}

export const sweepIdempotencyKeysJob: JobHandler = () => sweepExpiredIdempotencyKeys();
