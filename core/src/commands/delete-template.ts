/** Deleting a saved template; the jobs it once created stay on the board (docs/roster-templates-history.md). */
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { scheduleTemplates } from "../db/schema";
import type { CompanyAccess } from "../policies/company-access";
import { publish } from "../publish";

export async function deleteTemplate(member: CompanyAccess, template: { id: string }): Promise<void> {
  await db.delete(scheduleTemplates).where(eq(scheduleTemplates.id, template.id));
  publish(member.companyId, "template.deleted", { id: template.id, companyId: member.companyId });
}
