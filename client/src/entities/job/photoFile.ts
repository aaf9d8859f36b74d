/**
 * Reading a chosen photo as a data URL (docs/my-day.md). Every photo is redrawn
 * on the phone before it is sent or kept offline: at most PHOTO_MAX_SIDE on its longest
 * side, as JPEG at PHOTO_QUALITY. A phone photo of 4-12 MB becomes a few hundred KB, which
 * is what a technician's data plan, the outbox in IndexedDB and the server want, and any
 * picture the browser can read (HEIC from some cameras) becomes one the server takes.
 */
import { PHOTO_MAX_BYTES } from "@sched/shared-types";

/** What a camera button asks the phone for: any picture, taken there and then. */
export const CAMERA_ACCEPT = "image/*";

/** Longest side after resizing: plenty to see a fitting or a leak. */
export const PHOTO_MAX_SIDE = 2000;
export const PHOTO_TYPE = "image/jpeg";
export const PHOTO_QUALITY = 0.8;

const PHOTO_TYPE_ERROR = "Photo must be a JPEG, PNG or WebP image";
const PHOTO_SIZE_ERROR = `Photo must be ${PHOTO_MAX_BYTES / (1024 * 1024)} MB or smaller`;

/** The size a photo is drawn at: scaled down to PHOTO_MAX_SIDE on its longest side, never up. */
export function resizedSize(width: number, height: number, maxSide = PHOTO_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the photo"));
    reader.readAsDataURL(blob);
  });
}

async function redraw(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error(PHOTO_TYPE_ERROR);
  });
  const { width, height } = resizedSize(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(PHOTO_TYPE_ERROR))),
      PHOTO_TYPE,
      PHOTO_QUALITY,
    ),
  );
}

/** The photo, resized, as a data URL ready to send; throws with a message to show. */
export async function readPhoto(file: File): Promise<string> {
  if (!file.type.startsWith("image/")) throw new Error(PHOTO_TYPE_ERROR);
  const blob = await redraw(file);
  if (blob.size > PHOTO_MAX_BYTES) throw new Error(PHOTO_SIZE_ERROR);
  return readAsDataUrl(blob);
}
