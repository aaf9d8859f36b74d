/**
 * The next free slot from now (docs/schedule.md): a move onto today that
 * names no time (a card keeping its own time, a tray card dropped on a day) never starts at
 * a time already past. The board and the server both place it here: the first quarter hour
 * from now at which it overlaps none of the technician's jobs that day. A time someone
 * named stays, with a warning when it is already past.
 */
import type { JobWarning } from "./conflicts";
import { clockTime, minutesOfDay } from "./dates";

/** The time a job from the Unscheduled tray gets when dropped on a day with no time named. */
export const TRAY_DEFAULT_TIME = "09:00";

const STEP_MINUTES = 15;
const LAST_START = 23 * 60 + 45;

/** True when `time` today is already gone at the clock `now` ("HH:mm"). */
export const isTimePast = (time: string, now: string) => minutesOfDay(time) < minutesOfDay(now);

/**
 * The first quarter hour at or after `now` ("HH:mm") at which a job of `durationMinutes`
 * overlaps none of `busy` (the technician's other jobs that day). A day with no such room
 * gives the first quarter hour from now: the overlap is then warned about, as any other.
 */
export function nextFreeTime(
  now: string,
  durationMinutes: number,
  busy: readonly { time: string | null; durationMinutes: number }[],
): string {
  const first = Math.min(Math.ceil(minutesOfDay(now) / STEP_MINUTES) * STEP_MINUTES, LAST_START);
  const taken = busy
    .filter((job): job is { time: string; durationMinutes: number } => job.time !== null)
    .map((job) => ({ start: minutesOfDay(job.time), end: minutesOfDay(job.time) + job.durationMinutes }));
  for (let start = first; start <= LAST_START; start += STEP_MINUTES) {
    const end = start + durationMinutes;
    if (taken.every((job) => end <= job.start || start >= job.end)) return clockTime(start);
  }
  return clockTime(first);
}

/** "10:30 AM is already past": said when a move names a time of today that has gone by. */
export function pastTimeWarning(time: string): JobWarning {
  const minutes = minutesOfDay(time);
  const hour = Math.floor(minutes / 60);
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, "0")}`;
  return { code: "past_time", message: `${clock} ${hour < 12 ? "AM" : "PM"} is already past` };
}
