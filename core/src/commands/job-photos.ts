/**
 * A job's photos (docs/my-day.md): several before and after photos, each stored
 * apart from the job row so no list ever reads image bytes; the job row only says whether
 * a photo of each kind exists. Here: the pieces the job's own save uses (the older
 * `beforePhoto`/`afterPhoto` fields) and the photo commands share.
 */
import type { JobPhotoKind } from "@sched/shared-types";
import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { jobPhotos, jobs } from "../db/schema";
import { NotFound } from "../errors";
import { type DecodedPhoto, decodePhotoDataUrl } from "../lib/photos";

type JobRow = typeof jobs.$inferSelect;

export const PHOTO_NOT_FOUND = "Photo not found";
/** The same words as save-job.ts's, without importing it (it imports this module). */
const JOB_NOT_FOUND = "Job not found";

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

export const flagOf = { before: "hasBeforePhoto", after: "hasAfterPhoto" } as const;

/** Whether the job still has a photo of each of `kinds`, as the job row's columns. */
export async function photoFlags(tx: Executor, jobId: string, kinds: readonly JobPhotoKind[]) {
  const flags: Partial<Record<(typeof flagOf)[JobPhotoKind], boolean>> = {};
  for (const kind of kinds) {
    const [found] = await tx
      .select({ id: jobPhotos.id })
      .from(jobPhotos)
      .where(and(eq(jobPhotos.jobId, jobId), eq(jobPhotos.kind, kind)))
      .limit(1);
    flags[flagOf[kind]] = found !== undefined;
  }
  return flags;
}

async function firstOfKind(tx: Executor, jobId: string, kind: JobPhotoKind) {
  const [first] = await tx
    .select({ id: jobPhotos.id, createdAt: jobPhotos.createdAt })
    .from(jobPhotos)
    .where(and(eq(jobPhotos.jobId, jobId), eq(jobPhotos.kind, kind)))
    .orderBy(asc(jobPhotos.createdAt), asc(jobPhotos.id))
    .limit(1);
  return first;
}

/**
 * The job's `beforePhoto`/`afterPhoto` fields (PUT /api/jobs/:id, the older way): a photo
 * replaces the first of its kind, in its place; null removes the first of its kind. Answers
 * the job row's photo columns as they are after the writes.
 */
export async function writePhotoChanges(
  tx: Executor,
  job: { id: string; companyId: string },
  changes: PhotoChanges,
  userId: string,
) {
  const kinds = Object.keys(changes) as JobPhotoKind[];
  for (const kind of kinds) {
    const photo = changes[kind];
    const first = await firstOfKind(tx, job.id, kind);
    if (first) await tx.delete(jobPhotos).where(eq(jobPhotos.id, first.id));
    if (!photo) continue;
    await tx.insert(jobPhotos).values({
      companyId: job.companyId,
      jobId: job.id,
      kind,
      mimeType: photo.mimeType,
      bytes: photo.bytes,
      size: photo.bytes.length,
      addedBy: userId,
      ...(first ? { createdAt: first.createdAt } : {}),
    });
  }
  return photoFlags(tx, job.id, kinds);
}

/** The job row locked for the photo change, so two adds at once count each other. */
export async function lockJob(tx: Executor, job: JobRow): Promise<JobRow> {
  const [locked] = await tx.select().from(jobs).where(eq(jobs.id, job.id)).for("update");
  if (!locked) throw new NotFound(JOB_NOT_FOUND);
  return locked;
}
