/**
 * A photo from the phone's camera made small enough to send: at most 1600 pixels on its
 * long side, as a JPEG data URL (a camera's 4-12 MB file becomes a few hundred kB), the
 * way the request body takes it.
 */
const MAX_SIDE = 1600;
const QUALITY = 0.82;

export async function photoDataUrl(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL("image/jpeg", QUALITY);
}
