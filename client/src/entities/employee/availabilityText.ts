import type { AvailabilityWindow, CompanySettingsDTO } from "@sched/shared-types";
import { formatTime } from "../../lib/dates";

/** Day 0 = Sunday, as the weekly pattern counts (docs/time-off.md). */
export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const short = (day: number) => DAY_NAMES[day % 7]?.slice(0, 3) ?? "";

/**
 * The company's week as a person reads it: "Mon–Sat, 7:00 AM–7:00 PM", "Mon–Wed, Fri, …".
 * Working days count ISO weekdays (1 = Monday … 7 = Sunday); a run of three or more is a range.
 */
export function companyHoursText(
  settings: Pick<CompanySettingsDTO, "workingDays" | "workdayStart" | "workdayEnd">,
): string {
  const days = [...new Set(settings.workingDays)].sort((a, b) => a - b);
  if (days.length === 0) return "No working days";
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run[run.length - 1] === day - 1) run.push(day);
    else runs.push([day]);
  }
  const dayText = runs
    .flatMap((run) =>
      run.length >= 3 ? [`${short(run[0])}–${short(run[run.length - 1])}`] : run.map((day) => short(day)),
    )
    .join(", ");
  return `${dayText}, ${formatTime(settings.workdayStart)}–${formatTime(settings.workdayEnd)}`;
}

/**
 * "Mon 8:00 AM–5:00 PM, Fri 8:00 AM–12:00 PM"; an empty pattern reads as the company's: its
 * days and hours when they are known, else in words.
 */
export function availabilityText(
  windows: readonly AvailabilityWindow[],
  company?: Pick<CompanySettingsDTO, "workingDays" | "workdayStart" | "workdayEnd">,
): string {
  if (windows.length === 0) {
    return company ? companyHoursText(company) : "The company's working days and hours";
  }
  return [...windows]
    .sort((a, b) => a.day - b.day || a.start.localeCompare(b.start))
    .map((window) => `${short(window.day)} ${formatTime(window.start)}–${formatTime(window.end)}`)
    .join(", ");
}
