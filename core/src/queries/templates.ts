import type { TemplateDTO } from "@sched/shared-types";
import { desc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { scheduleTemplates } from "../db/schema";
import { presentTemplate } from "../presenters/templates";

/** The company's saved templates, newest first (docs/roster-templates-history.md). */
export async function listTemplates(companyId: string): Promise<TemplateDTO[]> {
  const rows = await db
    .select()
    .from(scheduleTemplates)
    .where(eq(scheduleTemplates.companyId, companyId))
    .orderBy(desc(scheduleTemplates.createdAt));
  return rows.map(presentTemplate);
}
