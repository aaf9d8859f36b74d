/**
 * The geocoder's answers kept per company and normalized address (db/schema/geocode-cache.ts):
 * a lookup reads here first and asks the service only on a miss or an expired answer. A
 * failure (timeout, 5xx, 429, garbage) is never kept: only what the service said.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { db } from "../db/client";
import { geocodeCache } from "../db/schema";
import type { GeocodeHit, GeocodeOutcome, Geocoder } from "./geocoder";
import { normalizeAddress } from "./normalize";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A point holds 90 days; "no result" 30, as a new street gets onto the map sooner. */
export const CACHE_DAYS = { found: 90, none: 30 } as const;

/** What the cache holds for an address: the point (null: "no result"), while not expired. */
export type CachedAnswer = { hit: GeocodeHit | null };

export async function readCachedAnswer(
  companyId: string,
  addressKey: string,
  now = new Date(),
): Promise<CachedAnswer | undefined> {
  const [row] = await db
    .select()
    .from(geocodeCache)
    .where(
      and(
        eq(geocodeCache.companyId, companyId),
        eq(geocodeCache.addressKey, addressKey),
        gt(geocodeCache.expiresAt, now),
      ),
    );
  if (!row) return undefined;
  if (row.lat === null || row.lng === null || row.precision === null) return { hit: null };
  return { hit: { lat: row.lat, lng: row.lng, precision: row.precision, label: row.label ?? "" } };
}

/** Keeps the service's answer for an address (replacing an older one). */
export async function cacheAnswer(
  companyId: string,
  addressKey: string,
  hit: GeocodeHit | null,
  now = new Date(),
): Promise<void> {
  const expiresAt = new Date(now.getTime() + (hit ? CACHE_DAYS.found : CACHE_DAYS.none) * DAY_MS);
  const values = {
    lat: hit?.lat ?? null,
    lng: hit?.lng ?? null,
    precision: hit ? (hit.precision as "street" | "postal" | "city") : null,
    label: hit?.label ?? null,
    createdAt: now,
    expiresAt,
  };
  await db
    .insert(geocodeCache)
    .values({ companyId, addressKey, ...values })
    .onConflictDoUpdate({ target: [geocodeCache.companyId, geocodeCache.addressKey], set: values });
}

/** The daily sweep: answers past their expiry go (a lookup would ignore them anyway). */
export async function deleteExpiredAnswers(now = new Date()): Promise<number> {
  const gone = await db
    .delete(geocodeCache)
    .where(lte(geocodeCache.expiresAt, now))
    .returning({ key: sql`1` });
  return gone.length;
}

export type AddressAnswer = (
  | { status: "found"; hit: GeocodeHit }
  | { status: "none" }
  | Extract<GeocodeOutcome, { status: "failed" }>
) & { fromCache: boolean };

/**
 * The point for an address of a company: from the cache, else from the service (whose
 * answer is then kept). `country` narrows the search to the company's country.
 */
export async function geocodeAddress(
  geocoder: Geocoder,
  companyId: string,
  address: string,
  country: string | undefined,
  now = new Date(),
): Promise<AddressAnswer> {
  const addressKey = normalizeAddress(address);
  if (!addressKey) return { status: "none", fromCache: false };
  const cached = await readCachedAnswer(companyId, addressKey, now);
  if (cached)
    return cached.hit
      ? { status: "found", hit: cached.hit, fromCache: true }
      : { status: "none", fromCache: true };
  const outcome = await geocoder.search({ text: address, country, limit: 1 });
  if (outcome.status === "failed") return { ...outcome, fromCache: false };
  const hit = outcome.status === "found" ? outcome.hits[0] : null;
  await cacheAnswer(companyId, addressKey, hit, now);
  return hit ? { status: "found", hit, fromCache: false } : { status: "none", fromCache: false };
}
