/**
 * Street-level places (docs/places.md, "Street-level geocoding"). A save of a new or
 * changed address asks for a lookup (`requestStreetLookup`, after commit, never failing the
 * save); the worker's job runs `lookUpStreetPlace`: it reads the row as it is now, asks the
 * company's cache and then the geocoder, and writes the point through
 * commands/record-street-place.ts only if the row still has that address and no pin. The
 * sweep (`sweepStreetPlaces`) queues again what a Redis outage lost, and the rows that were
 * there before the geocoder was configured.
 */
import type { StreetLookupTarget } from "@sched/shared-types";
import { and, eq, sql } from "drizzle-orm";
import { recordStreetPlace, type StreetPlaceWrite } from "../commands/record-street-place";
import { db } from "../db/client";
import { customers, geocodeCache, jobs } from "../db/schema";
import { logger } from "../logger";
import { loadCompanySettings } from "../queries/company-settings";
import { enqueueStreetLookup } from "../queues";
import { deleteExpiredAnswers, geocodeAddress } from "./geocode-cache";
import { configuredGeocoder, type GeocodeFailure, type Geocoder } from "./geocoder";
import { normalizeAddress } from "./normalize";
import { type PlaceFields, placeNeedsStreetLookup } from "./on-save";

/** The service failed; the queue tries again later (no sooner than `retryAfterMs`), or never when permanent. */
export class StreetLookupFailed extends Error {
  readonly reason: GeocodeFailure;
  readonly retryAfterMs: number | undefined;
  /** A 4xx other than 429: a wrong URL or key, which retrying will not mend. */
  readonly isPermanent: boolean;
  constructor(reason: GeocodeFailure, httpStatus?: number, retryAfterMs?: number) {
    super(`geocoder ${reason}${httpStatus ? ` (HTTP ${httpStatus})` : ""}`);
    this.name = "StreetLookupFailed";
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
    this.isPermanent = reason === "refused";
  }
}

export type StreetLookupOutcome =
  | StreetPlaceWrite
  /** No GEOCODER_URL: the offline place stays. */
  | "not-configured"
  | "no-address"
  /** Already a street place for this very address. */
  | "already-street"
  /** The service knows no such place: the offline one stays. */
  | "no-result"
  /** The service found only a postal code or a town, and the row already has such a place. */
  | "coarser";

type RowPlace = {
  address: string | null;
  placePrecision: string | null;
  placeAddress: string | null;
};

async function loadRow({ companyId, kind, id }: StreetLookupTarget): Promise<RowPlace | undefined> {
  if (kind === "customer") {
    const [row] = await db
      .select({
        address: customers.address,
        placePrecision: customers.placePrecision,
        placeAddress: customers.placeAddress,
      })
      .from(customers)
      .where(and(eq(customers.id, id), eq(customers.companyId, companyId)));
    return row;
  }
  const [row] = await db
    .select({ address: jobs.location, placePrecision: jobs.placePrecision, placeAddress: jobs.placeAddress })
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId)));
  return row;
}

/**
 * Looks up the street place of one customer or job, as it is now. Throws StreetLookupFailed
 * when the service failed (the queue's retries and backoff take it from there).
 */
export async function lookUpStreetPlace(
  target: StreetLookupTarget,
  geocoder: Geocoder | null = configuredGeocoder(),
): Promise<StreetLookupOutcome> {
  if (!geocoder) return "not-configured";
  const row = await loadRow(target);
  if (!row) return "gone";
  const addressKey = normalizeAddress(row.address);
  if (!row.address || !addressKey) return "no-address";
  if (row.placePrecision === "manual") return "manual";
  if (row.placePrecision === "street" && row.placeAddress === addressKey) return "already-street";
  const { country } = await loadCompanySettings(target.companyId);
  const answer = await geocodeAddress(geocoder, target.companyId, row.address, country);
  if (answer.status === "failed") {
    throw new StreetLookupFailed(answer.reason, answer.httpStatus, answer.retryAfterMs);
  }
  if (answer.status === "none") return "no-result";
  // A town or postal code from the service is no better than the offline one; it is when there is none.
  if (answer.hit.precision !== "street" && row.placePrecision !== null) return "coarser";
  return recordStreetPlace(target, addressKey, answer.hit);
}

/**
 * After a save commits: queues a lookup when a geocoder is configured, the row's address
 * needs one (on-save.ts `placeNeedsStreetLookup`: none or an approximate place, no pin) and
 * the save changed it (`before`: the address before the save; undefined for a new row).
 * Never throws, and waits at most about a second for Redis (docs/reliability.md).
 */
export async function requestStreetLookup(
  target: StreetLookupTarget,
  row: PlaceFields & { address: string | null },
  before?: string | null,
): Promise<void> {
  try {
    if (!configuredGeocoder() || !placeNeedsStreetLookup(row)) return;
    const addressKey = normalizeAddress(row.address);
    if (!addressKey) return;
    if (before !== undefined && normalizeAddress(before) === addressKey) return;
    await enqueueStreetLookup(target, addressKey);
  } catch (error) {
    logger.warn({ err: error, ...target }, "street lookup not requested; the places sweep asks again");
  }
}

/** Rows one sweep queues at most (at Nominatim's one a second, a quarter hour's work). */
export const SWEEP_BATCH = 500;

/** Jobs further back than this are history: their place is not looked up. */
const PAST_JOB_DAYS = 7;

/**
 * Rows with an address but no street place or pin, whose address the company's cache does
 * not already know to have no street place (no result, or only a town or postal code).
 */
function needsLookup(
  table: typeof customers | typeof jobs,
  address: typeof customers.address | typeof jobs.location,
) {
  return sql`${address} is not null and btrim(${address}) <> ''
    and (${table.placePrecision} is null or ${table.placePrecision} in ('postal', 'city'))
    and not exists (select 1 from ${geocodeCache}
      where ${geocodeCache.companyId} = ${table.companyId}
        and ${geocodeCache.addressKey} = ${table.placeAddress}
        and ${geocodeCache.expiresAt} > now()
        and ${geocodeCache.precision} is distinct from 'street')`;
}

/**
 * The sweep: deletes expired cache answers, and with a geocoder configured queues a lookup
 * for rows still without a street place (a save whose enqueue Redis refused, rows from
 * before the geocoder, rows written by imports and series). Queued jobs are deduplicated
 * by row and address, so a row already waiting is not queued twice.
 */
export async function sweepStreetPlaces(
  options: { geocoder?: Geocoder | null; batch?: number; companyId?: string } = {},
): Promise<{ expired: number; queued: number }> {
  const { geocoder = configuredGeocoder(), batch = SWEEP_BATCH, companyId } = options;
  const expired = await deleteExpiredAnswers();
  if (!geocoder) return { expired, queued: 0 };
  const customerRows = await db
    .select({ id: customers.id, companyId: customers.companyId, address: customers.address })
    .from(customers)
    .where(
      and(
        needsLookup(customers, customers.address),
        companyId ? eq(customers.companyId, companyId) : undefined,
      ),
    )
    .orderBy(sql`${customers.updatedAt} desc`)
    .limit(batch);
  const jobRows = await db
    .select({ id: jobs.id, companyId: jobs.companyId, address: jobs.location })
    .from(jobs)
    .where(
      and(
        needsLookup(jobs, jobs.location),
        companyId ? eq(jobs.companyId, companyId) : undefined,
        sql`(${jobs.date} is null or ${jobs.date} >= current_date - ${PAST_JOB_DAYS}::int)`,
      ),
    )
    .orderBy(sql`${jobs.updatedAt} desc`)
    .limit(Math.max(0, batch - customerRows.length));
  let queued = 0;
  const rows = [
    ...customerRows.map((row) => ({ ...row, kind: "customer" as const })),
    ...jobRows.map((row) => ({ ...row, kind: "job" as const })),
  ];
  for (const row of rows) {
    const addressKey = normalizeAddress(row.address);
    if (!addressKey) continue;
    // Redis away: the next sweep tries again.
    if (!(await enqueueStreetLookup({ companyId: row.companyId, kind: row.kind, id: row.id }, addressKey)))
      break;
    queued++;
  }
  return { expired, queued };
}
