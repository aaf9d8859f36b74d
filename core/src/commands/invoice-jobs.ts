/** After an invoice's commit: its jobs' events, as the board shows their amount and payment status. */
import type { jobs } from "../db/schema";
import { logger } from "../logger";
import type { CompanyAccess } from "../policies/company-access";
import { presentJob } from "../presenters/jobs";
import { publish } from "../publish";
import { withWarnings } from "../queries/job-warnings";

type JobRow = typeof jobs.$inferSelect;

export async function announceBilledJobs(
  member: Pick<CompanyAccess, "companyId">,
  changed: { after: JobRow }[],
) {
  for (const { after } of changed) {
    const presented = presentJob(after);
    const job = await withWarnings(presented).catch((error: unknown) => {
      logger.warn({ err: error, jobId: after.id }, "job answered without warnings");
      return presented;
    });
    publish(member.companyId, "job.updated", job);
  }
}
