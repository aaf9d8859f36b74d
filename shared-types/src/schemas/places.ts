import { z } from "zod";
import { ZVersion } from "./versions";

/**
 * Where a customer or a job is (docs/places.md). `precision` says how the point was found:
 * `street` from a geocoding service (GEOCODER_URL), `postal` or `city` from the data that
 * ships with the app (a postal code's or a town's centre), `manual` from a pin the office
 * dropped. A place is never required: a job without one works everywhere, and its travel
 * warnings say "no place".
 */
export const PLACE_PRECISIONS = ["street", "postal", "city", "manual"] as const;
export const ZPlacePrecision = z.enum(PLACE_PRECISIONS);
export type PlacePrecision = z.infer<typeof ZPlacePrecision>;

export const ZLatitude = z
  .number({ message: "Latitude must be a number" })
  .min(-90, { message: "Latitude must be between -90 and 90" })
  .max(90, { message: "Latitude must be between -90 and 90" });
export const ZLongitude = z
  .number({ message: "Longitude must be a number" })
  .min(-180, { message: "Longitude must be between -180 and 180" })
  .max(180, { message: "Longitude must be between -180 and 180" });

export const ZPlace = z.object({ lat: ZLatitude, lng: ZLongitude, precision: ZPlacePrecision });
export type Place = z.infer<typeof ZPlace>;

/** A point only: what the drive-time estimate and the map need of a place. */
export type LatLng = Pick<Place, "lat" | "lng">;

/** Words for a place's precision, where it matters ("approximate: postal code"). */
export const PLACE_PRECISION_WORDS: Record<PlacePrecision, string> = {
  street: "street address",
  postal: "approximate: postal code",
  city: "approximate: town centre",
  manual: "pin set by the office",
};

export const PLACE_SEARCH_TEXT_INVALID = "Search text must be 1 to 200 characters";
export const PLACE_PIN_INCOMPLETE = "Send lat and lng for a pin, or place: null to clear it";

/** GET /api/places/search?companyId=&q= (docs/places.md). */
export const ZPlaceSearchQuery = z.object({
  companyId: z.string().optional(),
  q: z
    .string({ message: PLACE_SEARCH_TEXT_INVALID })
    .trim()
    .min(1, { message: PLACE_SEARCH_TEXT_INVALID })
    .max(200, { message: PLACE_SEARCH_TEXT_INVALID }),
});

/** A place a search found, with the words to show for it. */
export const ZPlaceSuggestion = ZPlace.extend({
  label: z.string().describe('What the place is, e.g. "62701 Springfield, IL"'),
}).meta({ id: "PlaceSuggestion" });
export type PlaceSuggestionDTO = z.infer<typeof ZPlaceSuggestion>;

/**
 * PUT /api/jobs/:id/place and PUT /api/customers/:id/place: `{lat, lng}` drops a pin
 * (precision `manual`, kept until the address text changes); `{place: null}` clears it, and
 * the place comes from the address again. `version` as in every change (409 stale).
 */
export const ZPlacePin = z
  .object({
    companyId: z.string().optional(),
    lat: ZLatitude.optional(),
    lng: ZLongitude.optional(),
    place: z.null({ message: PLACE_PIN_INCOMPLETE }).optional(),
    version: ZVersion.optional(),
  })
  .superRefine((value, ctx) => {
    const isPin = value.lat !== undefined && value.lng !== undefined;
    const isClear = value.place === null && value.lat === undefined && value.lng === undefined;
    if (!isPin && !isClear) {
      const path = value.lat === undefined ? "lat" : "lng";
      ctx.addIssue({ code: "custom", message: PLACE_PIN_INCOMPLETE, path: [path] });
    }
  });
export type TPlacePin = z.infer<typeof ZPlacePin>;
