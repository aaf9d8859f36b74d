/**
 * What the street-level geocoder answered, per company and normalized address
 * (core/src/places/geocode-cache.ts, docs/places.md): a point, or "no result" (lat, lng and
 * precision null). Each answer expires (90 days for a point, fewer for "no result"), so
 * the cache validates itself: a lookup after that asks the service again, and the daily
 * sweep deletes what has expired. Never shared between companies.
 */
import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { companies } from "./accounts";
import { createdAt } from "./columns";

export const geocodeCache = pgTable(
  "geocode_cache",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The address as normalizeAddress gives it (core/src/places/normalize.ts). */
    addressKey: text("address_key").notNull(),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    precision: text("precision").$type<"street" | "postal" | "city">(),
    /** The service's line for the point, as the place search shows it. */
    label: text("label"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.addressKey] }),
    index("geocode_cache_expires_idx").on(t.expiresAt),
    check(
      "geocode_cache_point_together",
      sql`(${t.lat} is null and ${t.lng} is null and ${t.precision} is null) or (${t.lat} between -90 and 90 and ${t.lng} between -180 and 180 and ${t.precision} in ('street', 'postal', 'city'))`,
    ),
  ],
);
