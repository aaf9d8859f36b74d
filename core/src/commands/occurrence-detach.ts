/**
 * When an occurrence of a recurring job stops following its series (docs/schedule.md):
 * a change of its own to what the series decides, or to its date.
 */
import { SERIES_FIELDS, type SeriesField, sameJobFieldValue } from "@sched/shared-types";

/** Lists (the skills a job needs) compare by their items. */
const isSame = sameJobFieldValue;

type Occurrence = { seriesId: string | null; isDetached: boolean; date: string | null } & Record<
  SeriesField,
  unknown
>;

/**
 * The occurrence's `isDetached` after `fields` are saved on it: a job outside any series
 * is never detached; a `seriesWide` ("following"/"all") edit never detaches it, as even a
 * new date moves every occurrence it reaches by the same number of days.
 */
export function detachedAfter(
  locked: Occurrence,
  fields: Record<string, unknown>,
  seriesWide = false,
): boolean {
  if (!locked.seriesId) return false;
  if (locked.isDetached) return true;
  const changed = (key: string) => key in fields && !isSame(locked[key as keyof Occurrence], fields[key]);
  return !seriesWide && (changed("date") || SERIES_FIELDS.some(changed));
}
