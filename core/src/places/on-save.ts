/**
 * A customer's or a job's place, set when it is saved (docs/places.md). The place belongs
 * to the address text it was found for (`place_address`, normalized): saving the same
 * address keeps the place, a pin (`manual`) and a geocoder's `street` answer included; a
 * changed address gets a new one from the offline data (resolve-offline.ts), or none. A
 * job at its customer's address takes the customer's place.
 */
import type { Place } from "@sched/shared-types";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client";
import { customers, jobs } from "../db/schema";
import { loadCompanySettings } from "../queries/company-settings";
import { normalizeAddress } from "./normalize";
import { resolveOffline } from "./resolve-offline";

/** The place columns of customers and jobs (db/schema/columns.ts `placed`). */
export type PlaceFields = {
  placeLat: number | null;
  placeLng: number | null;
  placePrecision: Place["precision"] | null;
  placeAddress: string | null;
};

/** The columns for "this place, found for this address". */
export const placeColumns = (place: Place | null, addressKey: string | null): PlaceFields => ({
  placeLat: place?.lat ?? null,
  placeLng: place?.lng ?? null,
  placePrecision: place?.precision ?? null,
  placeAddress: addressKey,
});

const hasPlace = (row: PlaceFields): row is PlaceFields & { placeLat: number; placeLng: number } =>
  row.placeLat !== null && row.placeLng !== null && row.placePrecision !== null;

/**
 * The place columns a save writes: nothing when the address is the one the current place
 * was found for; else the place of a source row at the same address (the job's customer),
 * else the offline data's, else none. Synchronous and fast (the data loads once).
 */
export function placeOnSave(
  current: PlaceFields | undefined,
  address: string | null | undefined,
  country: string,
  sameAddressSource?: (PlaceFields & { address: string | null }) | null,
): Partial<PlaceFields> {
  const key = normalizeAddress(address);
  if (current && current.placeAddress === key) return {};
  if (key === null) return placeColumns(null, null);
  if (
    sameAddressSource &&
    hasPlace(sameAddressSource) &&
    normalizeAddress(sameAddressSource.address) === key
  ) {
    const { placeLat, placeLng, placePrecision } = sameAddressSource;
    return placeColumns(
      { lat: placeLat, lng: placeLng, precision: placePrecision as Place["precision"] },
      key,
    );
  }
  const found = resolveOffline(address, country);
  return placeColumns(found && { lat: found.lat, lng: found.lng, precision: found.precision }, key);
}

/**
 * A job's place columns for a save that writes `location` (undefined: kept) with the
 * customer `customerId`; reads the customer and the company's country only when the
 * location changes.
 */
export async function jobPlaceOnSave(
  executor: Executor,
  companyId: string,
  current: (PlaceFields & { location: string }) | undefined,
  location: string | undefined,
  customerId: string | null | undefined,
): Promise<Partial<PlaceFields>> {
  if (location === undefined) return {};
  if (current && current.placeAddress === normalizeAddress(location)) return {};
  const [customer] = customerId
    ? await executor
        .select({
          address: customers.address,
          placeLat: customers.placeLat,
          placeLng: customers.placeLng,
          placePrecision: customers.placePrecision,
          placeAddress: customers.placeAddress,
        })
        .from(customers)
        .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)))
    : [];
  const { country } = await loadCompanySettings(companyId, executor);
  return placeOnSave(current, location, country, customer);
}

/**
 * The place columns of a change of many jobs at once to `location` (a series edit): each
 * job whose place was found for that very address keeps it (a pin included), the others
 * take the new location's. Nothing when the location is not changed.
 */
export async function jobsPlaceOnBulkSave(
  executor: Executor,
  companyId: string,
  location: string | undefined,
  customerId: string | null | undefined,
): Promise<{ placeLat?: SQL; placeLng?: SQL; placePrecision?: SQL; placeAddress?: string | null }> {
  if (location === undefined) return {};
  const next = (await jobPlaceOnSave(executor, companyId, undefined, location, customerId)) as PlaceFields;
  const keeps = sql`${jobs.placeAddress} is not distinct from ${next.placeAddress}`;
  const unlessKept = (column: AnyPgColumn, value: unknown) =>
    sql`case when ${keeps} then ${column} else ${value} end`;
  return {
    placeLat: unlessKept(jobs.placeLat, next.placeLat),
    placeLng: unlessKept(jobs.placeLng, next.placeLng),
    placePrecision: unlessKept(jobs.placePrecision, next.placePrecision),
    placeAddress: next.placeAddress,
  };
}

/**
 * Whether a street-level geocoder should look this row's address up (the worker's
 * geocoding, docs/places.md): it has an address and its place is none or approximate
 * (`postal`, `city`), not a pin and not already `street`. `address` is the row's address
 * text now (a customer's `address`, a job's `location`).
 */
export function placeNeedsStreetLookup(row: PlaceFields & { address: string | null }): boolean {
  const key = normalizeAddress(row.address);
  if (key === null || row.placeAddress !== key) return key !== null;
  return row.placePrecision !== "manual" && row.placePrecision !== "street";
}
