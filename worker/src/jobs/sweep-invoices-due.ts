/** Overdue invoices and their reminders (core/src/commands/sweep-invoices-due.ts; docs/money.md). */
import { sweepInvoicesDue } from "@sched/core/commands/sweep-invoices-due";
import { logger } from "@sched/core/logger";
import type { JobHandler } from "./registry";

export const sweepInvoicesDueJob: JobHandler = async () => {
  const done = await sweepInvoicesDue();
  if (done.overdue + done.reminders > 0) logger.info(done, "invoices overdue and reminders owed");
  return done;
};
