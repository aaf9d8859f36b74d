/**
 * Deleting a job from the board (docs/schedule.md); its photos go with it, its customer is
 * told. The job and its photos wait a day in the bin for Delete's Undo (./restore-job.ts).
 */
import { eq } from "drizzle-orm";
import { noticeJobChange } from "../customer-notices/record-notice";
import { db } from "../db/client";
import { jobs } from "../db/schema";
import { notifyJobChange } from "../notifications/notify";
import type { CompanyAccess } from "../policies/company-access";
import { publish } from "../publish";
import { binJob } from "./restore-job";

export async function deleteJob(member: CompanyAccess, job: { id: string }): Promise<void> {
  // The row as it was deleted (not as it was read before): the technician is told about that one.
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(jobs).where(eq(jobs.id, job.id)).for("update");
    if (!row) return undefined;
    await binJob(tx, member, row);
    await tx.delete(jobs).where(eq(jobs.id, job.id));
    return row;
  });
  publish(member.companyId, "job.deleted", { id: job.id, companyId: member.companyId });
  if (!deleted) return;
  await notifyJobChange(member, { type: "deleted", job: deleted });
  // A customer told of this visit hears it is cancelled (docs/customers.md).
  await noticeJobChange({ type: "deleted", job: deleted });
}
