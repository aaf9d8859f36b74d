/** The bell's clock-out reminder (core/src/commands/sweep-clock-reminders.ts; docs/timesheets.md). */
import { sweepClockReminders as remind } from "@sched/core/commands/sweep-clock-reminders";
import { logger } from "@sched/core/logger";
import type { JobHandler } from "./registry";

export async function sweepClockReminders(now = new Date()) {
  const reminded = await remind(now);
  if (reminded > 0) logger.info({ count: reminded }, "clock-out reminders rung");
  return { reminded };
}

export const sweepClockRemindersJob: JobHandler = () => sweepClockReminders();
