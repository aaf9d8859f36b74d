import { formatDate } from "../../lib/dates";

type SearchableWeek = { name: string; weekStartDate: string; weekEndDate: string };

/**
 * A history search (docs/roster-templates-history.md) matches the name case-insensitively, or a substring
 * of the start or end date text. Dates match as stored (2026-11-23) and as shown on the
 * cards (Nov 23, 2026), so people can type either.
 */
export function matchesHistorySearch(week: SearchableWeek, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [
    week.name,
    week.weekStartDate,
    week.weekEndDate,
    formatDate(week.weekStartDate),
    formatDate(week.weekEndDate),
  ].some((text) => text.toLowerCase().includes(needle));
}
