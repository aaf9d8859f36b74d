/** A job's photos, read apart from the job row (core/src/commands/job-photos.ts). */
import { JOB_PHOTO_KINDS, type JobPhotoDTO } from "@sched/shared-types";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "../db/client";
import { jobPhotos } from "../db/schema";
import { presentJobPhoto } from "../presenters/job-photos";

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** Oldest first: the first of a kind is the job's "before"/"after" photo. */
const stripOrder = [asc(jobPhotos.createdAt), asc(jobPhotos.id)] as const;

/**
 * The type and bytes of the job's photo `photo` (an id, or a kind for the first photo of
 * that kind), or undefined when the job has none such.
 */
export async function loadJobPhoto(jobId: string, photo: string) {
  const kind = JOB_PHOTO_KINDS.find((known) => known === photo);
  if (!kind && !isUuid(photo)) return undefined;
  const [found] = await db
    .select({ id: jobPhotos.id, mimeType: jobPhotos.mimeType, bytes: jobPhotos.bytes })
    .from(jobPhotos)
    .where(and(eq(jobPhotos.jobId, jobId), kind ? eq(jobPhotos.kind, kind) : eq(jobPhotos.id, photo)))
    .orderBy(...stripOrder)
    .limit(1);
  return found ? { ...found, isFirstOfKind: kind !== undefined } : undefined;
}

/** The job's photos of both kinds, without their bytes, oldest first. */
export async function listJobPhotos(companyId: string, jobId: string): Promise<JobPhotoDTO[]> {
  const rows = await db
    .select({
      id: jobPhotos.id,
      companyId: jobPhotos.companyId,
      jobId: jobPhotos.jobId,
      kind: jobPhotos.kind,
      mimeType: jobPhotos.mimeType,
      size: jobPhotos.size,
      addedBy: jobPhotos.addedBy,
      createdAt: jobPhotos.createdAt,
    })
    .from(jobPhotos)
    .where(and(eq(jobPhotos.companyId, companyId), eq(jobPhotos.jobId, jobId)))
    .orderBy(...stripOrder);
  return rows.map(presentJobPhoto);
}
