/**
 * Deleting one photo of a job (docs/my-day.md): the office's (the route's door).
 * The job row's photo columns follow; the change is announced after it commits.
 */
import { JOB_PHOTO_KINDS, type JobDTO } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "../db/client";
import { jobPhotos, jobs } from "../db/schema";
import { NotFound } from "../errors";
import type { CompanyAccess } from "../policies/authorize";
import { lockJob, PHOTO_NOT_FOUND, photoFlags } from "./job-photos";
import { announce } from "./save-job";

type JobRow = typeof jobs.$inferSelect;

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** 404 "Photo not found" when the job has no photo of that id. Answers the job as it is after. */
export async function deleteJobPhoto(member: CompanyAccess, job: JobRow, photoId: string): Promise<JobDTO> {
  if (!isUuid(photoId)) throw new NotFound(PHOTO_NOT_FOUND);
  const after = await db.transaction(async (tx) => {
    await lockJob(tx, job);
    const [removed] = await tx
      .delete(jobPhotos)
      .where(and(eq(jobPhotos.id, photoId), eq(jobPhotos.jobId, job.id)))
      .returning({ kind: jobPhotos.kind });
    if (!removed) throw new NotFound(PHOTO_NOT_FOUND);
    const kinds = JOB_PHOTO_KINDS.filter((known) => known === removed.kind);
    const [updated] = await tx
      .update(jobs)
      .set({ ...(await photoFlags(tx, job.id, kinds)), updatedAt: new Date() })
      .where(eq(jobs.id, job.id))
      .returning();
    return updated;
  });
  return announce(member, "job.updated", after, undefined, {
    type: "updated",
    before: after,
    after,
    photos: {},
  });
}
