/**
 * The company logo as the Settings screen picks it (docs/money.md, "Logo"): the same limits
 * as the server, checked before anything is sent so a wrong file is named at once. The
 * server still checks the bytes themselves: a file's type here is only what its name says.
 */
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE, LOGO_TYPE_INVALID, LOGO_TYPES } from "@sched/shared-types";

/** What the file picker offers. */
export const LOGO_ACCEPT = LOGO_TYPES.join(",");

/** Why this file cannot be the logo, or null when it may be sent. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  const type = file.type === "image/jpg" ? "image/jpeg" : file.type;
  if (!LOGO_TYPES.some((known) => known === type)) return LOGO_TYPE_INVALID;
  if (file.size > LOGO_MAX_BYTES) return LOGO_TOO_LARGE;
  return null;
}

/** "38 kB": a logo's size as the hint under it says it. */
export const logoSizeText = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** The file as a data URL, how the API takes an image. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}
