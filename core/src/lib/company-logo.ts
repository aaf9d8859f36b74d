/**
 * A company logo arrives as a data URL, like a job's photo (./photos.ts). The declared type
 * is not trusted: the bytes must start with a PNG's or a JPEG's signature, of the type the
 * data URL claims. Every refusal is a 400 with the logo field's message.
 */
import { createHash } from "node:crypto";
import {
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
  LOGO_TYPE_INVALID,
  LOGO_TYPES,
  type LogoType,
} from "@sched/shared-types";
import { BadRequest } from "../errors";
import { sniffImageType } from "./photos";

export type DecodedLogo = { mimeType: LogoType; bytes: Buffer; etag: string };

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)((?:;[\w.+-]+=[\w.+-]+)*);base64,/i;

const refuse = (message: string) => new BadRequest(message, [{ path: "logo", message }]);

const isLogoType = (type: string | null): type is LogoType => LOGO_TYPES.some((known) => known === type);

/** Decoded size of a base64 payload, without decoding it. */
function base64Size(payload: string): number {
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/** The digest that names this image: the same bytes, the same ETag. */
export const logoEtag = (bytes: Buffer) =>
  createHash("sha256").update(bytes).digest("base64url").slice(0, 22);

export function decodeLogoDataUrl(dataUrl: string): DecodedLogo {
  const header = DATA_URL.exec(dataUrl);
  if (!header) throw refuse(LOGO_TYPE_INVALID);
  const declared = header[1].toLowerCase() === "image/jpg" ? "image/jpeg" : header[1].toLowerCase();
  if (!isLogoType(declared)) throw refuse(LOGO_TYPE_INVALID);
  const payload = dataUrl.slice(header[0].length).replace(/\s+/g, "");
  // Refuse an oversized logo before spending memory on decoding it.
  if (base64Size(payload) > LOGO_MAX_BYTES) throw refuse(LOGO_TOO_LARGE);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) throw refuse(LOGO_TYPE_INVALID);
  const bytes = Buffer.from(payload, "base64");
  if (bytes.length > LOGO_MAX_BYTES) throw refuse(LOGO_TOO_LARGE);
  // The bytes decide: a renamed WebP, a text file or a JPEG declared as PNG is refused.
  if (sniffImageType(bytes) !== declared) throw refuse(LOGO_TYPE_INVALID);
  return { mimeType: declared, bytes, etag: logoEtag(bytes) };
}
