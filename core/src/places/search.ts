/**
 * Place search for the office's "Find place" (GET /api/places/search, docs/places.md): any
 * source registered (the geocoder's street-level answers, when GEOCODER_URL is set), then
 * the offline data (the whole text as an address, then towns of the company's country
 * whose name starts with it, largest first). A source that fails or is slow is left out:
 * a search always answers.
 */
import type { PlaceSuggestionDTO } from "@sched/shared-types";
import { logger } from "../logger";
import { loadCompanySettings } from "../queries/company-settings";
import { normalizeAddress } from "./normalize";
import { type Town, townsOf } from "./offline-data";
import { regionLabel } from "./regions";
import { resolveOffline, townLabel } from "./resolve-offline";
import { searchStreetPlaces } from "./street-search";

export type PlaceSearchQuery = { companyId: string; q: string; country: string; limit: number };

/** More suggestions for a search; never the only answer, so it may fail (it is then skipped). */
export type PlaceSearchSource = (query: PlaceSearchQuery) => Promise<PlaceSuggestionDTO[]>;

/** The geocoder's street-level answers come first (street-search.ts; none without GEOCODER_URL). */
const sources: PlaceSearchSource[] = [({ q, country, limit }) => searchStreetPlaces(q, country, limit)];

/** Adds a source (the geocoder's); its suggestions come after the offline ones. */
export function registerPlaceSearchSource(source: PlaceSearchSource): () => void {
  sources.push(source);
  return () => {
    const at = sources.indexOf(source);
    if (at >= 0) sources.splice(at, 1);
  };
}

export const PLACE_SEARCH_LIMIT = 8;

/** How long a registered source may take before the search answers without it. */
const SOURCE_DEADLINE_MS = 3000;

/** Towns of `country` whose folded name starts with `prefix`, most people first. */
export function townsStartingWith(country: string, prefix: string, limit: number): Town[] {
  const { names, byName } = townsOf(country);
  let low = 0;
  let high = names.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (names[mid] < prefix) low = mid + 1;
    else high = mid;
  }
  const found: Town[] = [];
  for (let i = low; i < names.length && names[i].startsWith(prefix) && found.length < 5000; i++) {
    found.push(...(byName.get(names[i]) ?? []));
  }
  return found.sort((a, b) => b.population - a.population).slice(0, limit);
}

/** The offline suggestions for `q` in `country`. Synchronous; never throws. */
export function searchOffline(q: string, country: string, limit = PLACE_SEARCH_LIMIT): PlaceSuggestionDTO[] {
  try {
    const suggestions: PlaceSuggestionDTO[] = [];
    const whole = resolveOffline(q, country);
    if (whole) suggestions.push(whole);
    const prefix = normalizeAddress(q);
    if (prefix && !/\d/.test(prefix)) {
      for (const town of townsStartingWith(country, prefix, limit)) {
        suggestions.push({
          lat: town.lat,
          lng: town.lng,
          precision: "city",
          label: townLabel(town, regionLabel(country, town.adminCode)),
        });
      }
    }
    const seen = new Set<string>();
    return suggestions
      .filter((one) => {
        const key = `${one.lat},${one.lng}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, limit);
  } catch (error) {
    logger.warn({ err: error }, "offline place search failed");
    return [];
  }
}

async function fromSource(source: PlaceSearchSource, query: PlaceSearchQuery): Promise<PlaceSuggestionDTO[]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<PlaceSuggestionDTO[]>((resolve) => {
    timer = setTimeout(() => resolve([]), SOURCE_DEADLINE_MS);
  });
  try {
    return await Promise.race([source(query), deadline]);
  } catch (error) {
    logger.warn({ err: error }, "place search source failed");
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/** The company's search: registered sources' street-level answers first, then the offline ones. */
export async function searchPlaces(companyId: string, q: string): Promise<PlaceSuggestionDTO[]> {
  const { country } = await loadCompanySettings(companyId);
  const query = { companyId, q, country, limit: PLACE_SEARCH_LIMIT };
  const extra = (await Promise.all(sources.map((source) => fromSource(source, query)))).flat();
  return [...extra, ...searchOffline(q, country)].slice(0, PLACE_SEARCH_LIMIT);
}
