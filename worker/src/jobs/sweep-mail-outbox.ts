/**
 * The daily sweep of the mail outbox: rows the worker is done with are removed after 30
 * days (docs/reliability.md); rows still owed are never touched.
 */
import { logger } from "@sched/core/logger";
import { sweepSentMail } from "@sched/core/mail-outbox/sweep";
import type { JobHandler } from "./registry";

export async function sweepMailOutbox(now = new Date()) {
  const removed = await sweepSentMail(now);
  if (removed > 0) logger.info({ count: removed }, "sent mail removed from the outbox");
  return { removed };
}

export const sweepMailOutboxJob: JobHandler = () => sweepMailOutbox();
