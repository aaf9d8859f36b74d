/**
 * Job lengths as the board shows them (docs/schedule.md):
 * the Duration choices of the job dialog and a card's start–end.
 */
import { type CompanySettingsDTO, DEFAULT_JOB_DURATION_MINUTES, type JobType } from "@sched/shared-types";
import { formatTime } from "../../lib/dates";

const STEP = 15;
const LONGEST = 12 * 60;

/** "15 min", "1 h", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Every length a job may have: 15 minutes to 12 hours in 15-minute steps. */
export const DURATION_OPTIONS = Array.from({ length: LONGEST / STEP }, (_, i) => {
  const minutes = (i + 1) * STEP;
  return { value: minutes, label: formatDuration(minutes) };
});

/** The company's default length for a job type (Settings), else one hour. */
export function defaultDuration(
  settings: Pick<CompanySettingsDTO, "jobTypeDurations">,
  type?: JobType,
): number {
  return (type && settings.jobTypeDurations?.[type]) || DEFAULT_JOB_DURATION_MINUTES;
}

/** "HH:mm" `minutes` after `time`, on a 24-hour clock that wraps at midnight. */
export function endTime(time: string, minutes: number): string {
  const [hours, mins] = time.split(":").map(Number);
  const total = ((((hours ?? 0) * 60 + (mins ?? 0) + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** A job's start and end as the board writes times: "9:00 AM–10:30 AM". */
export function formatTimeRange(time: string | null, minutes: number | null | undefined): string {
  if (!time) return "";
  if (!minutes) return formatTime(time);
  return `${formatTime(time)}–${formatTime(endTime(time, minutes))}`;
}
