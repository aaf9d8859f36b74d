import { eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { callRecords, jobs } from "../db/schema";
import type { CompanyAccess } from "../policies/company-access";
import { publish } from "../publish";
import { adjustDailyCallCount } from "./adjust-daily-call-count";

/**
 * Deletes a call and takes it off its day's count (docs/call-log.md). Jobs booked from
 * the call stay on the schedule; their link clears here rather than by ON DELETE SET NULL,
 * so that their version grows as with any change (docs/api.md). Deleting a call someone
 * else just deleted changes nothing and tells no one.
 */
export async function deleteCallRecord(member: CompanyAccess, id: string): Promise<void> {
  const isDeleted = await db.transaction(async (tx) => {
    await tx
      .update(jobs)
      .set({
        callRecordId: null,
        version: sql`${jobs.version} + 1`,
        updatedBy: member.userId,
        updatedAt: new Date(),
      })
      .where(eq(jobs.callRecordId, id));
    const [gone] = await tx
      .delete(callRecords)
      .where(eq(callRecords.id, id))
      .returning({ callDate: callRecords.callDate });
    if (gone) await adjustDailyCallCount(tx, member.companyId, gone.callDate, -1);
    return gone !== undefined;
  });
  if (isDeleted) publish(member.companyId, "callRecord.deleted", { id, companyId: member.companyId });
}
