/** Applying a saved template to a week of the board (docs/roster-templates-history.md). */
import {
  type ApplyTemplateResultDTO,
  DEFAULT_JOB_DURATION_MINUTES,
  type JobType,
  pickJobFields,
  TEMPLATE_FIELDS,
  type TTemplateApply,
  type WeeklyScheduleDTO,
} from "@sched/shared-types";
import { and, eq, inArray } from "drizzle-orm";
import { noticeJobChange } from "../customer-notices/record-notice";
import { db } from "../db/client";
import { customers, employees, jobs, type scheduleTemplates, templateApplications } from "../db/schema";
import { Conflict } from "../errors";
import { addDays, weekName, weekStartOf } from "../lib/dates";
import { notifyWeekScheduled } from "../notifications/notify";
import { jobPlaceOnSave } from "../places/on-save";
import type { CompanyAccess } from "../policies/company-access";
import { publish } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";

type Template = typeof scheduleTemplates.$inferSelect;

type TemplateApplication = ApplyTemplateResultDTO & {
  weekStart: string;
  /** The history row made for the week, when this apply gave the week its first job. */
  createdWeek: WeeklyScheduleDTO | undefined;
  /** The employee of each job made, for the technicians' bell. */
  createdFor: string[];
  /** The jobs made, for their customers' confirmations. */
  made: (typeof jobs.$inferSelect)[];
};

/**
 * Creates the template's jobs in the week starting `weekStart` (status scheduled,
 * payment pending), on the same weekdays and times. Entries whose employee has been
 * deleted or deactivated are skipped. A template applies once per week (its source week
 * counts): another apply there throws 409 unless `force`, as it would duplicate every job.
 */
async function applyTemplateToWeek(
  template: Template,
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
    // A customer deleted since the template was saved is left out; the job's own e-mail stays.
    const customerIds = [
      ...new Set(entries.flatMap((entry) => (entry.customerId ? [entry.customerId] : []))),
    ];
    const stillCustomers = new Set(
      customerIds.length === 0
        ? []
        : (
            await tx
              .select({ id: customers.id })
              .from(customers)
              .where(and(eq(customers.companyId, companyId), inArray(customers.id, customerIds)))
          ).map((row) => row.id),
    );
    // Each job takes its type's default length, as a new job does (docs/schedule.md).
    const { jobTypeDurations } = await loadCompanySettings(companyId, tx);
    const rows = entries
      .filter((entry) => activeIds.has(entry.employeeId))
      .map((entry) => ({
        // What the template carries (shared-types/src/job-fields.ts); a field the entry
        // lacks (saved before the field existed) takes the table's default, as status and
        // paymentStatus do: scheduled, pending.
        ...pickJobFields(entry, TEMPLATE_FIELDS),
        companyId,
        employeeId: entry.employeeId,
        date: addDays(weekStart, entry.dayOfWeek),
        customerId: entry.customerId && stillCustomers.has(entry.customerId) ? entry.customerId : null,
        durationMinutes: jobTypeDurations[entry.type as JobType] ?? DEFAULT_JOB_DURATION_MINUTES,
      }));
    // Each job's place from its location (docs/places.md); one look-up per location and customer.
    const places = new Map<string, Awaited<ReturnType<typeof jobPlaceOnSave>>>();
    for (const row of rows) {
      const key = `${row.customerId ?? ""}\n${row.location}`;
      if (!places.has(key))
        places.set(key, await jobPlaceOnSave(tx, companyId, undefined, row.location, row.customerId));
      Object.assign(row, places.get(key));
    }
    const made = rows.length > 0 ? await tx.insert(jobs).values(rows).returning() : [];
    const createdWeek = rows.length > 0 ? await ensureWeeklySchedule(tx, companyId, weekStart) : undefined;
    return {
      created: rows.length,
      skipped: entries.length - rows.length,
      weekStart,
      createdWeek,
      createdFor: rows.map((row) => row.employeeId),
      made,
    };
  });
}

/**
 * Applies the template and announces it after commit: one template.applied event (the
 * client refetches jobs and history on it) rather than a job.created per job, as a
 * template can hold dozens of jobs; likewise one bell entry per technician for the week.
 */
export async function applyTemplate(
  member: CompanyAccess,
  template: Template,
  input: Pick<TTemplateApply, "weekStart" | "force">,
): Promise<ApplyTemplateResultDTO> {
  const { companyId } = member;
  const result = await applyTemplateToWeek(template, input.weekStart, input.force);
  if (result.createdWeek) publish(companyId, "weeklySchedule.created", result.createdWeek);
  publish(companyId, "template.applied", {
    companyId,
    templateId: template.id,
    weekStart: result.weekStart,
    created: result.created,
    skipped: result.skipped,
  });
  await notifyWeekScheduled(member, result.weekStart, result.createdFor);
  // Each job's customer is told as for any new job (docs/customers.md).
  for (const job of result.made) await noticeJobChange({ type: "created", job });
  return { created: result.created, skipped: result.skipped };
}
