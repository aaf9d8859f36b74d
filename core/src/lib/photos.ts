/**
 * Job photos arrive as data URLs (docs/schedule.md). The declared type is not trusted:
 * the bytes must start with the signature of a JPEG, PNG or WebP image, and of the
 * type the data URL claims, so nothing else is ever stored and served as an image.
 */
import { PHOTO_MAX_BYTES } from "@sched/shared-types";
import { BadRequest, TooLarge } from "../errors";

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export const NOT_AN_IMAGE = "Photo must be a JPEG, PNG or WebP image";
export const PHOTO_TOO_LARGE = `Photo must be ${PHOTO_MAX_BYTES / (1024 * 1024)} MB or smaller`;

export type DecodedPhoto = { mimeType: PhotoType; bytes: Buffer };

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)((?:;[\w.+-]+=[\w.+-]+)*);base64,/i;

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ASCII = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type the bytes really are, or null. */
export function sniffImageType(bytes: Buffer): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ASCII("RIFF")) && startsWith(bytes, ASCII("WEBP"), 8)) return "image/webp";
  return null;
}

/** Decoded size of a base64 payload, without decoding it. */
function base64Size(payload: string): number {
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/**
 * Decodes a base64 data URL into checked image bytes: 400 when it is not a JPEG, PNG or
 * WebP of the declared type, 413 when it is larger than PHOTO_MAX_BYTES.
 */
export function decodePhotoDataUrl(dataUrl: string): DecodedPhoto {
  const header = DATA_URL.exec(dataUrl);
  if (!header) throw new BadRequest(NOT_AN_IMAGE);
  const declared = header[1].toLowerCase() === "image/jpg" ? "image/jpeg" : header[1].toLowerCase();
  const payload = dataUrl.slice(header[0].length).replace(/\s+/g, "");
  // Refuse an oversized photo before spending memory on decoding it.
  if (base64Size(payload) > PHOTO_MAX_BYTES) throw new TooLarge(PHOTO_TOO_LARGE);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) throw new BadRequest(NOT_AN_IMAGE);
  const bytes = Buffer.from(payload, "base64");
  if (bytes.length > PHOTO_MAX_BYTES) throw new TooLarge(PHOTO_TOO_LARGE);
  const actual = sniffImageType(bytes);
  if (!actual || actual !== declared) throw new BadRequest(NOT_AN_IMAGE);
  return { mimeType: actual, bytes };
}
