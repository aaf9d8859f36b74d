type DatedWeek = { weekStartDate: string };

/**
 * The history's two lists (docs/roster-templates-history.md): this week and the past ones,
 * newest first, and apart from them the weeks still to come, the nearest first.
 */
export function splitByThisWeek<T extends DatedWeek>(
  weeks: readonly T[],
  thisWeekStart: string,
): { past: T[]; coming: T[] } {
  const byStart = (a: T, b: T) => a.weekStartDate.localeCompare(b.weekStartDate);
  return {
    past: weeks.filter((week) => week.weekStartDate <= thisWeekStart).sort((a, b) => byStart(b, a)),
    coming: weeks.filter((week) => week.weekStartDate > thisWeekStart).sort(byStart),
  };
}
