/**
 * The geocoder's part of the place search (GET /api/places/search, ./search.ts): street
 * results from the service when one is configured, asked once with a short deadline, so a
 * slow or failing service only leaves the offline results. Never throws.
 */
import type { Place } from "@sched/shared-types";
import { logger } from "../logger";
import { configuredGeocoder, type Geocoder } from "./geocoder";

/** A search waits this long for the service, once: someone is typing. */
export const STREET_SEARCH_TIMEOUT_MS = 2500;

export type StreetSearchResult = Place & { label: string };

/** Up to `limit` places the service finds for `q` in `country`, street ones first; [] without a service. */
export async function searchStreetPlaces(
  q: string,
  country: string | undefined,
  limit = 5,
  geocoder: Geocoder | null = configuredGeocoder(),
): Promise<StreetSearchResult[]> {
  if (!geocoder || q.trim().length < 3) return [];
  const outcome = await geocoder.search(
    { text: q, country, limit },
    { maxTries: 1, signal: AbortSignal.timeout(STREET_SEARCH_TIMEOUT_MS) },
  );
  if (outcome.status === "failed") {
    logger.warn(
      { reason: outcome.reason, httpStatus: outcome.httpStatus },
      "place search without the geocoder",
    );
    return [];
  }
  if (outcome.status === "none") return [];
  const rank = (precision: Place["precision"]) => (precision === "street" ? 0 : 1);
  return outcome.hits
    .map((hit) => ({ label: hit.label, lat: hit.lat, lng: hit.lng, precision: hit.precision }))
    .sort((a, b) => rank(a.precision) - rank(b.precision))
    .slice(0, limit);
}
