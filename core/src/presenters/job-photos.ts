/** A job's photo as the API answers it (docs/api.md): never its bytes, which have their own address. */
import { JOB_PHOTO_KINDS, type JobPhotoDTO } from "@sched/shared-types";
import type { jobPhotos } from "../db/schema";

type JobPhotoRow = Omit<typeof jobPhotos.$inferSelect, "bytes">;

/** A photo's bytes never change, so its address needs no version. */
export const jobPhotoUrl = (jobId: string, photoId: string) => `/api/jobs/${jobId}/photos/${photoId}`;

export function presentJobPhoto(row: JobPhotoRow): JobPhotoDTO {
  return {
    id: row.id,
    jobId: row.jobId,
    kind: JOB_PHOTO_KINDS.find((kind) => kind === row.kind) ?? "before",
    url: jobPhotoUrl(row.jobId, row.id),
    mimeType: row.mimeType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}
