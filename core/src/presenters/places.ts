import type { Place } from "@sched/shared-types";

/** The place columns of a customer or a job row (db/schema/columns.ts `placed`). */
export type PlaceColumns = {
  placeLat: number | null;
  placeLng: number | null;
  placePrecision: Place["precision"] | null;
};

/** A row's place as the API answers it (docs/places.md): null unless all three are set. */
export function presentPlace(row: PlaceColumns): Place | null {
  if (row.placeLat === null || row.placeLng === null || row.placePrecision === null) return null;
  return { lat: row.placeLat, lng: row.placeLng, precision: row.placePrecision };
}
