import type { JobType, TemplateDTO } from "@sched/shared-types";
import type { scheduleTemplates } from "../db/schema";

export function presentTemplate(row: typeof scheduleTemplates.$inferSelect): TemplateDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    description: row.description,
    templateData: row.templateData.map((entry) => ({
      employeeId: entry.employeeId,
      dayOfWeek: entry.dayOfWeek,
      time: entry.time,
      type: entry.type as JobType,
      location: entry.location,
      description: entry.description ?? null,
      amount: entry.amount ?? null,
      requiredSkills: entry.requiredSkills ?? [],
    })),
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}
