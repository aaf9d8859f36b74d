import type { ApplyTemplateResultDTO, WeeklyScheduleDTO } from "@sched/shared-types";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "../db/client";
import { employees, jobs, type scheduleTemplates, templateApplications } from "../db/schema";
import { Conflict } from "../errors";
import { addDays, weekName, weekStartOf } from "../lib/dates";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";

export type TemplateApplication = ApplyTemplateResultDTO & {
  weekStart: string;
  /** The history row made for the week, when this apply gave the week its first job. */
  createdWeek: WeeklyScheduleDTO | undefined;
};

/**
 * Creates the template's jobs in the week starting `weekStart` (status scheduled,
 * payment pending), on the same weekdays and times. Entries whose employee has been
 * deleted or deactivated are skipped. A template applies once per week (its source week
 * counts): another apply there throws 409 unless `force`, as it would duplicate every job.
 */
export async function applyTemplateToWeek(
  template: typeof scheduleTemplates.$inferSelect,
  weekStartInput: string,
  force: boolean,
): Promise<TemplateApplication> {
  const weekStart = weekStartOf(weekStartInput);
  const companyId = template.companyId;
  return db.transaction(async (tx) => {
    const [firstApplication] = await tx
      .insert(templateApplications)
      .values({ companyId, templateId: template.id, weekStart })
      .onConflictDoNothing({ target: [templateApplications.templateId, templateApplications.weekStart] })
      .returning({ id: templateApplications.id });
    if (!firstApplication && !force) {
      throw new Conflict(`The ${weekName(weekStart)} already has this template's jobs`);
    }

    const entries = template.templateData;
    const employeeIds = [...new Set(entries.map((entry) => entry.employeeId))];
    const active =
      employeeIds.length === 0
        ? []
        : await tx
            .select({ id: employees.id })
            .from(employees)
            .where(
              and(
                eq(employees.companyId, companyId),
                eq(employees.isActive, true),
                inArray(employees.id, employeeIds),
              ),
            );
    const activeIds = new Set(active.map((row) => row.id));
    const rows = entries
      .filter((entry) => activeIds.has(entry.employeeId))
      .map((entry) => ({
        companyId,
        employeeId: entry.employeeId,
        type: entry.type,
        location: entry.location,
        description: entry.description,
        date: addDays(weekStart, entry.dayOfWeek),
        time: entry.time,
        amount: entry.amount,
        // status and paymentStatus take the table defaults: scheduled, pending.
      }));
    if (rows.length > 0) await tx.insert(jobs).values(rows);
    const createdWeek = rows.length > 0 ? await ensureWeeklySchedule(tx, companyId, weekStart) : undefined;
    return { created: rows.length, skipped: entries.length - rows.length, weekStart, createdWeek };
  });
}
