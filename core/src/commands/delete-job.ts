/** Deleting a job from the board (docs/schedule.md); its photos go with it. */
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { jobs } from "../db/schema";
import { notifyJobChange } from "../notifications/notify";
import type { CompanyAccess } from "../policies/company-access";
import { publish } from "../publish";

export async function deleteJob(member: CompanyAccess, job: { id: string }): Promise<void> {
  // The row as it was deleted (not as it was read before): the technician is told about that one.
  const [deleted] = await db.delete(jobs).where(eq(jobs.id, job.id)).returning();
  publish(member.companyId, "job.deleted", { id: job.id, companyId: member.companyId });
  if (deleted) await notifyJobChange(member, { type: "deleted", job: deleted });
}
