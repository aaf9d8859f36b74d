/**
 * An arrival window in words (docs/schedule.md, "Optimize a day"), the same on the cards
 * and in the customer's notices: "9–11 AM", "11:30 AM–1 PM", or "09:00–11:00" in the
 * 24-hour format.
 */
import { formatClock, type TimeFormat } from "./clock-format";

export type ArrivalWindowValue = { start: string; end: string };

/** "9" for "09:00", "9:30" for "09:30" (12-hour, without its AM/PM). */
const shortHour = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === 0 ? String(hour) : `${hour}:${String(minutes).padStart(2, "0")}`;
};
const half = (time: string) => (Number(time.slice(0, 2)) < 12 ? "AM" : "PM");

/** "9–11 AM", "11 AM–1 PM", "09:00–11:00". */
export function arrivalWindowText(window: ArrivalWindowValue, format: TimeFormat): string {
  if (format === "24h") return `${formatClock(window.start, format)}–${formatClock(window.end, format)}`;
  if (half(window.start) === half(window.end)) {
    return `${shortHour(window.start)}–${shortHour(window.end)} ${half(window.end)}`;
  }
  return `${shortHour(window.start)} ${half(window.start)}–${shortHour(window.end)} ${half(window.end)}`;
}

/** What a card says of when the technician comes: "Arrive 9–11 AM", "Any time", or nothing (the job's own time). */
export function arrivalWords(
  job: { arrivalWindow?: ArrivalWindowValue | null; flexible?: boolean },
  format: TimeFormat,
): string | null {
  if (job.arrivalWindow) return `Arrive ${arrivalWindowText(job.arrivalWindow, format)}`;
  if (job.flexible) return "Any time";
  return null;
}
