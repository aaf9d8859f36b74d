/** A job's before or after photo, read apart from the job row (core/src/commands/job-photos.ts). */
import type { JobPhotoKind } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { jobPhotos } from "../db/schema";

/** The photo's type and bytes, or undefined when the job has no photo of that kind. */
export async function loadJobPhoto(jobId: string, kind: JobPhotoKind) {
  const [photo] = await db
    .select({ mimeType: jobPhotos.mimeType, bytes: jobPhotos.bytes })
    .from(jobPhotos)
    .where(and(eq(jobPhotos.jobId, jobId), eq(jobPhotos.kind, kind)));
  return photo;
}
