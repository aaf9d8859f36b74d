/**
 * A job gone for good (its bin entry swept: ../commands/restore-job.ts) takes its visit
 * links and the customer's notes with it (docs/visits.md). Their rows have no foreign key to
 * the job, so a deleted job's page still says "cancelled" while the Undo could bring it back.
 */
import { inArray } from "drizzle-orm";
import type { Executor } from "../db/client";
import { visitLinks, visitNotes } from "../db/schema";

export async function forgetVisits(executor: Executor, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await executor.delete(visitNotes).where(inArray(visitNotes.jobId, [...jobIds]));
  await executor.delete(visitLinks).where(inArray(visitLinks.jobId, [...jobIds]));
}
