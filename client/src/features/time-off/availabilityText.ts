import type { AvailabilityWindow } from "@sched/shared-types";

/** Day 0 = Sunday, as the weekly pattern counts (docs/time-off.md, "Availability"). */
export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Mon 08:00–17:00, Fri 08:00–12:00"; an empty pattern reads as the company's. */
export function availabilityText(windows: readonly AvailabilityWindow[]): string {
  if (windows.length === 0) return "The company's working days and hours";
  return [...windows]
    .sort((a, b) => a.day - b.day || a.start.localeCompare(b.start))
    .map((window) => `${DAY_NAMES[window.day]?.slice(0, 3)} ${window.start}–${window.end}`)
    .join(", ");
}
