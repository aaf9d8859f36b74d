/**
 * How address text is compared (docs/places.md): lower case, no accents, punctuation as
 * spaces, one space between words. "12 Oak Rd., Springfield" and "12 oak rd springfield"
 * are one address: editing the case or a comma keeps a place, a pin included.
 */
import { foldText } from "../lib/search-text";

export function normalizeAddress(text: string | null | undefined): string | null {
  if (!text) return null;
  const words = foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return words === "" ? null : words;
}
