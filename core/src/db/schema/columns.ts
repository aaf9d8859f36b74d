/** Column shapes shared by the tables. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  customType,
  doublePrecision,
  integer,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Optimistic concurrency (docs/api.md): every change of an editable row adds 1 to
 * `version` and records who made it, so a save made on an older version is refused
 * with the row as it is now and the name of the person who changed it.
 */
export const versioned = () => ({
  version: integer("version").notNull().default(1),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * Where a customer or a job is (docs/places.md): a point and how it was found (`street`,
 * `postal`, `city`, `manual`), all null together when there is no place. `place_address` is
 * the address text the place was found for, normalized (core/src/places/normalize.ts): a
 * geocoder answer for an address that has changed since is dropped, and a pin (`manual`)
 * stays until the address text changes.
 */
export const placed = () => ({
  placeLat: doublePrecision("place_lat"),
  placeLng: doublePrecision("place_lng"),
  placePrecision: text("place_precision").$type<"street" | "postal" | "city" | "manual">(),
  placeAddress: text("place_address"),
});

/** The check that keeps a place's point and precision null together, and in range. */
export const placeTogether = (
  name: string,
  t: { placeLat: AnyPgColumn; placeLng: AnyPgColumn; placePrecision: AnyPgColumn },
) =>
  check(
    name,
    sql`(${t.placeLat} is null and ${t.placeLng} is null and ${t.placePrecision} is null) or (${t.placeLat} between -90 and 90 and ${t.placeLng} between -180 and 180 and ${t.placePrecision} in ('street', 'postal', 'city', 'manual'))`,
  );
