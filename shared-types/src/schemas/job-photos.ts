/**
 * A job's photos, several of each kind (docs/my-day.md; docs/api.md): listed by
 * GET /api/jobs/:id/photos, added one at a time, deleted one at a time by the office.
 */
import { z } from "zod";
import { JOB_PHOTO_KINDS, type JobPhotoKind } from "../constants";
import { ZMomentText, ZPathId, ZRowId } from "./common";

/** How many photos of each kind a job keeps. */
export const JOB_PHOTOS_PER_KIND = 10;

export const PHOTO_KIND_MESSAGE = "Kind must be before or after";
export const NOT_AN_IMAGE_MESSAGE = "Photo must be a JPEG, PNG or WebP image";

/** "This job already has 10 before photos": the office deletes one before another is added. */
export const photoLimitMessage = (kind: JobPhotoKind) =>
  `This job already has ${JOB_PHOTOS_PER_KIND} ${kind} photos, the most it keeps. Ask the office to delete one first.`;

/** A kept photo of a job, as the API lists it. */
export const ZStoredJobPhoto = z
  .object({
    id: ZRowId,
    jobId: ZRowId,
    kind: z.enum(JOB_PHOTO_KINDS),
    url: z.string().describe("The image's address; a photo never changes, so it may be kept for good"),
    mimeType: z.string(),
    size: z.int(),
    createdAt: ZMomentText,
  })
  .meta({ id: "JobPhoto" });
export type JobPhotoDTO = z.infer<typeof ZStoredJobPhoto>;

/** POST /api/jobs/:id/photos: one photo, as a data URL (resized on the phone first). */
export const ZJobPhotoCreate = z.object({
  kind: z.enum(JOB_PHOTO_KINDS, { message: PHOTO_KIND_MESSAGE }),
  photo: z.string({ message: NOT_AN_IMAGE_MESSAGE }).startsWith("data:", { message: NOT_AN_IMAGE_MESSAGE }),
});
export type TJobPhotoCreate = z.infer<typeof ZJobPhotoCreate>;

/** DELETE /api/jobs/:id/photos/:photoId: any strings; an unknown id is simply not found (404). */
export const ZJobPhotoIdParams = z.object({ id: ZPathId, photoId: ZPathId });
