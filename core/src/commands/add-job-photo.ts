/**
 * Adding one photo to a job (docs/my-day.md). It touches the job's row (its
 * updated_at, not its version: a photo is not an edit of the plan, so a technician's
 * queued completion made on the same version still applies) and is announced as the
 * job's change, with the bell's "added a photo", after it commits.
 */
import {
  JOB_PHOTOS_PER_KIND,
  type JobPhotoDTO,
  photoLimitMessage,
  type TJobPhotoCreate,
} from "@sched/shared-types";
import { and, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { jobPhotos, jobs } from "../db/schema";
import { Conflict } from "../errors";
import { decodePhotoDataUrl } from "../lib/photos";
import type { CompanyAccess } from "../policies/authorize";
import { assertProgressAllowed } from "../policies/job-progress";
import { presentJobPhoto } from "../presenters/job-photos";
import { flagOf, lockJob } from "./job-photos";
import { announce } from "./save-job";

type JobRow = typeof jobs.$inferSelect;

/**
 * The member must be allowed to progress this job (a technician only their own:
 * policies/job-progress.ts); 409 once the job has JOB_PHOTOS_PER_KIND of that kind.
 */
export async function addJobPhoto(
  member: CompanyAccess,
  job: JobRow,
  input: TJobPhotoCreate,
): Promise<JobPhotoDTO> {
  await assertProgressAllowed(db, member, job, {}, job.date);
  const photo = decodePhotoDataUrl(input.photo);
  const { before, after, stored } = await db.transaction(async (tx) => {
    // Locked, so two photos added at once count each other against the limit.
    const locked = await lockJob(tx, job);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(jobPhotos)
      .where(and(eq(jobPhotos.jobId, job.id), eq(jobPhotos.kind, input.kind)));
    if (count >= JOB_PHOTOS_PER_KIND) throw new Conflict(photoLimitMessage(input.kind));
    const [inserted] = await tx
      .insert(jobPhotos)
      .values({
        companyId: job.companyId,
        jobId: job.id,
        kind: input.kind,
        mimeType: photo.mimeType,
        bytes: photo.bytes,
        size: photo.bytes.length,
        addedBy: member.userId,
      })
      .returning();
    const [updated] = await tx
      .update(jobs)
      .set({ [flagOf[input.kind]]: true, updatedAt: new Date() })
      .where(eq(jobs.id, job.id))
      .returning();
    return { before: locked, after: updated, stored: inserted };
  });
  await announce(member, "job.updated", after, undefined, {
    type: "updated",
    before,
    after,
    photos: { [input.kind]: photo },
  });
  return presentJobPhoto(stored);
}
