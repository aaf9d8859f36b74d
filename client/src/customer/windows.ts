/** Arrival windows as the pickers show them: grouped by day, each with a stable key. */
import type { ArrivalWindow } from "./api";

export type WindowDay = { date: string; windows: ArrivalWindow[] };

export const windowKey = (window: ArrivalWindow) => `${window.date} ${window.start}`;

/** Days in date order, each day's windows by start; a window sent twice is shown once. */
export function groupByDay(windows: readonly ArrivalWindow[]): WindowDay[] {
  const days = new Map<string, Map<string, ArrivalWindow>>();
  for (const window of windows) {
    const day = days.get(window.date) ?? new Map<string, ArrivalWindow>();
    day.set(window.start, window);
    days.set(window.date, day);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, byStart]) => ({
      date,
      windows: [...byStart.values()].sort((a, b) => a.start.localeCompare(b.start)),
    }));
}

/** How many days each "More days" asks for. */
export const DAYS_PER_PAGE = 7;
