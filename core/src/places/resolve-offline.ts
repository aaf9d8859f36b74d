/**
 * A place from an address text with the data that ships with the app (docs/places.md):
 * a US ZIP code or a Canadian postal code gives precision `postal`; else a town named in
 * the text, in the company's country (the region written after it decides between towns
 * of one name, else the largest), gives `city`. Synchronous, never throws; null when
 * nothing matches.
 */
import type { Place } from "@sched/shared-types";
import { logger } from "../logger";
import { normalizeAddress } from "./normalize";
import { postalData, type Town, townsOf } from "./offline-data";
import { isUsState, regionLabel, trailingRegion } from "./regions";

/** What resolved, and the words for a search's label. */
export type OfflinePlace = Place & { label: string };

const US_ZIP = /^\d{5}(?:-\d{4})?$/;
/** A Canadian postal code, "K1A 0B1" or "K1A0B1": only its district (the first three) is in the data. */
const CA_POSTAL = /\b([A-Za-z]\d[A-Za-z])[ -]?(\d[A-Za-z]\d)\b/;

/** The text's address parts: "12 Oak Rd, Springfield, IL 62701" -> three. */
const segmentsOf = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

function usZip(segments: string[], country: string): OfflinePlace | null {
  // Last first: a ZIP closes an address. A number opening a part is a house number.
  for (const segment of [...segments].reverse()) {
    const tokens = segment.split(/\s+/);
    for (let i = tokens.length - 1; i >= 0; i--) {
      if (!US_ZIP.test(tokens[i])) continue;
      const isHouseNumber = i === 0 && tokens.length > 1;
      const afterState = i > 0 && isUsState(tokens[i - 1].replace(/\W/g, ""));
      if (isHouseNumber || (country !== "US" && !afterState)) continue;
      const entry = postalData().lookup(tokens[i].slice(0, 5));
      if (entry) {
        return {
          lat: entry.latitude,
          lng: entry.longitude,
          precision: "postal",
          label: `${entry.zip} ${entry.city}, ${entry.state}`,
        };
      }
    }
  }
  return null;
}

function caPostal(text: string): OfflinePlace | null {
  const match = CA_POSTAL.exec(text);
  if (!match) return null;
  const district = match[1].toUpperCase();
  const entry = postalData().lookup(district);
  if (!entry) return null;
  const town = entry.city.replace(/\s*\(.*\)$/, "");
  return {
    lat: entry.latitude,
    lng: entry.longitude,
    precision: "postal",
    label: `${district} ${match[2].toUpperCase()} ${town}, ${entry.state}`,
  };
}

/** The postal codes taken out, so "IL 62701" reads as a region and "Springfield 62701" as a town. */
const withoutPostalCodes = (segment: string) =>
  segment.replace(/\b\d{5}(?:-\d{4})?\b/g, " ").replace(new RegExp(CA_POSTAL.source, "g"), " ");

export const townLabel = (town: Town, region: string) => (region ? `${town.name}, ${region}` : town.name);

function town(segments: string[], country: string): OfflinePlace | null {
  const parts = segments.map((segment) => normalizeAddress(withoutPostalCodes(segment))?.split(" ") ?? []);
  // A part that is only a region ("IL", "Nova Scotia") names the region of the town before it.
  let region: string | undefined;
  const candidates: string[] = [];
  for (const words of parts) {
    if (words.length === 0 || words.some((word) => /\d/.test(word))) continue;
    const whole = trailingRegion(["", ...words], country);
    if (whole && whole.length === words.length) {
      region ??= whole.adminCode;
      continue;
    }
    const trailing = trailingRegion(words, country);
    if (trailing) region ??= trailing.adminCode;
    candidates.push(words.slice(0, words.length - (trailing?.length ?? 0)).join(" "));
  }
  if (candidates.length === 0) return null;
  const towns = townsOf(country);
  // The town is usually the last part that is not a region ("12 Oak Rd, Springfield, IL").
  for (const name of candidates.reverse()) {
    const found = towns.byName.get(name);
    if (!found) continue;
    const best = (region && found.find((one) => one.adminCode === region)) || found[0];
    return {
      lat: best.lat,
      lng: best.lng,
      precision: "city",
      label: townLabel(best, regionLabel(country, best.adminCode)),
    };
  }
  return null;
}

/**
 * The place of `text` for a company in `country` (ISO 3166 alpha-2), or null. A postal code
 * wins over a town: it is the smaller area.
 */
export function resolveOffline(text: string | null | undefined, country: string): OfflinePlace | null {
  if (!text?.trim()) return null;
  try {
    const segments = segmentsOf(text);
    return caPostal(text) ?? usZip(segments, country) ?? town(segments, country);
  } catch (error) {
    logger.warn({ err: error }, "address not resolved offline");
    return null;
  }
}
