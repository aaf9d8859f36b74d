/**
 * After a customer's change on the visit page commits (docs/visits.md): the job's event,
 * so the office's board and the technician's My Day move at once, and the customer's own
 * notices (a new time is confirmed, a cancellation acknowledged). Nobody is told before the
 * commit, and what follows never turns the stored change into an error.
 */
import { and, eq } from "drizzle-orm";
import { noticeJobChange } from "../customer-notices/record-notice";
import { db } from "../db/client";
import { customers } from "../db/schema";
import { logger } from "../logger";
import { presentJob } from "../presenters/jobs";
import { publish } from "../publish";
import { withWarnings } from "../queries/job-warnings";
import type { JobRow } from "./open-visit";

/** The card keeps its customer's name: the job row does not hold it. */
async function customerNameOf(job: JobRow): Promise<string | null> {
  if (!job.customerId) return null;
  const [row] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, job.customerId), eq(customers.companyId, job.companyId)));
  return row?.name ?? null;
}

export async function announceVisitChange(before: JobRow, after: JobRow, notice = true): Promise<void> {
  const presented = presentJob(after, await customerNameOf(after).catch(() => null));
  const job = await withWarnings(presented).catch((error: unknown) => {
    logger.warn({ err: error, jobId: after.id }, "visit change announced without warnings");
    return presented;
  });
  publish(after.companyId, "job.updated", job);
  if (notice) await noticeJobChange({ type: "updated", before, after });
}
