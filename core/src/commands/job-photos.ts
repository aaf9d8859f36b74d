/**
 * Before and after photos live in job_photos, apart from the job row, so no list ever
 * reads image bytes; the job row only says whether each photo exists.
 */
import type { JobPhotoKind } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { jobPhotos } from "../db/schema";
import { type DecodedPhoto, decodePhotoDataUrl } from "../lib/photos";

/** A photo to store, or null to remove it; a kind that is absent stays as it is. */
export type PhotoChanges = Partial<Record<JobPhotoKind, DecodedPhoto | null>>;

/** Decodes and checks the request's photos before any write (400 or 413 on a bad one). */
export function decodePhotoChanges(input: {
  beforePhoto?: string | null;
  afterPhoto?: string | null;
}): PhotoChanges {
  const changes: PhotoChanges = {};
  if (input.beforePhoto !== undefined) {
    changes.before = input.beforePhoto === null ? null : decodePhotoDataUrl(input.beforePhoto);
  }
  if (input.afterPhoto !== undefined) {
    changes.after = input.afterPhoto === null ? null : decodePhotoDataUrl(input.afterPhoto);
  }
  return changes;
}

export async function writePhotoChanges(tx: Executor, jobId: string, changes: PhotoChanges) {
  for (const [kind, photo] of Object.entries(changes) as [JobPhotoKind, DecodedPhoto | null][]) {
    if (photo === null) {
      await tx.delete(jobPhotos).where(and(eq(jobPhotos.jobId, jobId), eq(jobPhotos.kind, kind)));
      continue;
    }
    const values = { mimeType: photo.mimeType, bytes: photo.bytes, size: photo.bytes.length };
    await tx
      .insert(jobPhotos)
      .values({ jobId, kind, ...values })
      .onConflictDoUpdate({
        target: [jobPhotos.jobId, jobPhotos.kind],
        set: { ...values, updatedAt: new Date() },
      });
  }
}
