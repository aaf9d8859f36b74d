import { pickJobFields, TEMPLATE_FIELDS, type TemplateDTO, type TTemplateCreate } from "@sched/shared-types";
import { and, asc, between, eq } from "drizzle-orm";
import { db } from "../db/client";
import { jobs, scheduleTemplates, type TemplateEntry, templateApplications } from "../db/schema";
import { addDays, dayOfWeek, weekStartOf } from "../lib/dates";
import type { CompanyAccess } from "../policies/company-access";
import { presentTemplate } from "../presenters/templates";
import { publish } from "../publish";

type JobRow = typeof jobs.$inferSelect;
/** A job with its slot: the only kind a week holds (unscheduled jobs have no date). */
type ScheduledJob = JobRow & { employeeId: string; date: string; time: string };
const isScheduled = (job: JobRow): job is ScheduledJob =>
  job.employeeId !== null && job.date !== null && job.time !== null;

/** A job as a template entry: its weekday and what a template carries, without its date or progress. */
export function toTemplateEntry(job: ScheduledJob): TemplateEntry {
  return { ...pickJobFields(job, TEMPLATE_FIELDS), dayOfWeek: dayOfWeek(job.date) };
}

/**
 * Saves a template holding every job of the week that contains `weekStart` (Monday to
 * Sunday), in weekday and time order. The customer is kept (a regular's visit
 * is planned and confirmed again); status, payment and photos are not: an applied template
 * plans new work. The source week counts as applied: it
 * already has these jobs, so applying the template there again asks first (409).
 */
export async function captureTemplate(member: CompanyAccess, input: TTemplateCreate): Promise<TemplateDTO> {
  const { companyId } = member;
  const monday = weekStartOf(input.weekStart);
  const weekJobs = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), between(jobs.date, monday, addDays(monday, 6))))
    .orderBy(asc(jobs.date), asc(jobs.time), asc(jobs.createdAt));
  const row = await db.transaction(async (tx) => {
    const [template] = await tx
      .insert(scheduleTemplates)
      .values({
        companyId,
        name: input.name,
        description: input.description,
        templateData: weekJobs.filter(isScheduled).map(toTemplateEntry),
      })
      .returning();
    await tx.insert(templateApplications).values({ companyId, templateId: template.id, weekStart: monday });
    return template;
  });
  const template = presentTemplate(row);
  publish(companyId, "template.created", template);
  return template;
}
