/**
 * Reading a chosen photo as a data URL (docs/schedule.md, Photos). Phone
 * cameras often make files over the server's limit, so a large photo is scaled down
 * and re-encoded as JPEG in the browser instead of being refused.
 */
import { PHOTO_MAX_BYTES } from "@sched/shared-types";

export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";
const ACCEPTED = new Set(PHOTO_ACCEPT.split(","));
/** Longest side after scaling: plenty to see a fitting or a leak. */
const MAX_SIDE = 2560;
const JPEG_QUALITY = 0.85;

const PHOTO_TYPE_ERROR = "Photo must be a JPEG, PNG or WebP image";
const PHOTO_SIZE_ERROR = `Photo must be ${PHOTO_MAX_BYTES / (1024 * 1024)} MB or smaller`;

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the photo"));
    reader.readAsDataURL(blob);
  });
}

async function shrink(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(PHOTO_SIZE_ERROR))),
      "image/jpeg",
      JPEG_QUALITY,
    ),
  );
}

/** The photo as a data URL ready for PUT /api/jobs/:id; throws with a message to show. */
export async function readPhoto(file: File): Promise<string> {
  if (!ACCEPTED.has(file.type)) throw new Error(PHOTO_TYPE_ERROR);
  const blob = file.size > PHOTO_MAX_BYTES ? await shrink(file) : file;
  if (blob.size > PHOTO_MAX_BYTES) throw new Error(PHOTO_SIZE_ERROR);
  return readAsDataUrl(blob);
}

/** What a camera button asks the phone for: any picture, taken there and then. */
export const CAMERA_ACCEPT = "image/*";

/**
 * A photo from the phone's camera (My Day). Some cameras write formats the server does
 * not take (HEIC): the browser redraws any picture it can read as JPEG instead.
 */
export async function readCameraPhoto(file: File): Promise<string> {
  if (ACCEPTED.has(file.type)) return readPhoto(file);
  if (!file.type.startsWith("image/")) throw new Error(PHOTO_TYPE_ERROR);
  const blob = await shrink(file).catch(() => {
    throw new Error(PHOTO_TYPE_ERROR);
  });
  if (blob.size > PHOTO_MAX_BYTES) throw new Error(PHOTO_SIZE_ERROR);
  return readAsDataUrl(blob);
}
