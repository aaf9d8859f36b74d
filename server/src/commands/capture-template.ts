import type { TemplateDTO } from "@sched/shared-types";
import { and, asc, between, eq } from "drizzle-orm";
import { db } from "../db/client";
import { jobs, scheduleTemplates, type TemplateEntry, templateApplications } from "../db/schema";
import { addDays, dayOfWeek, weekStartOf } from "../lib/dates";
import { presentTemplate } from "../presenters/templates";

/** A job as a template entry: who, which weekday and time, and what, without its date or progress. */
export function toTemplateEntry(job: typeof jobs.$inferSelect): TemplateEntry {
  return {
    employeeId: job.employeeId,
    dayOfWeek: dayOfWeek(job.date),
    time: job.time,
    type: job.type,
    location: job.location,
    description: job.description,
    amount: job.amount,
  };
}

/**
 * Saves a template holding every job of the week that contains `weekStart` (Monday to
 * Sunday), in weekday and time order. Status, payment, customer details and photos are
 * not copied: an applied template plans new work. The source week counts as applied: it
 * already has these jobs, so applying the template there again asks first (409).
 */
export async function captureTemplate(input: {
  companyId: string;
  name: string;
  description: string | null;
  weekStart: string;
}): Promise<TemplateDTO> {
  const monday = weekStartOf(input.weekStart);
  const weekJobs = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, input.companyId), between(jobs.date, monday, addDays(monday, 6))))
    .orderBy(asc(jobs.date), asc(jobs.time), asc(jobs.createdAt));
  const row = await db.transaction(async (tx) => {
    const [template] = await tx
      .insert(scheduleTemplates)
      .values({
        companyId: input.companyId,
        name: input.name,
        description: input.description,
        templateData: weekJobs.map(toTemplateEntry),
      })
      .returning();
    await tx
      .insert(templateApplications)
      .values({ companyId: input.companyId, templateId: template.id, weekStart: monday });
    return template;
  });
  return presentTemplate(row);
}
