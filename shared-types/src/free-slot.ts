/**
 * The next free slot from now (docs/schedule.md, "Drag and drop"): a job dropped on today
 * never starts at a time already past. The board and the server both place it here: the
 * first quarter hour from now at which it overlaps none of the technician's jobs that day.
 */

const STEP_MINUTES = 15;
const LAST_START = 23 * 60 + 45;

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** True when `time` today is already gone at the clock `now` ("HH:mm"). */
export const isTimePast = (time: string, now: string) => minutesOf(time) < minutesOf(now);

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
  const first = Math.min(Math.ceil(minutesOf(now) / STEP_MINUTES) * STEP_MINUTES, LAST_START);
  const taken = busy
    .filter((job): job is { time: string; durationMinutes: number } => job.time !== null)
    .map((job) => ({ start: minutesOf(job.time), end: minutesOf(job.time) + job.durationMinutes }));
  for (let start = first; start <= LAST_START; start += STEP_MINUTES) {
    const end = start + durationMinutes;
    if (taken.every((job) => end <= job.start || start >= job.end)) return clockOf(start);
  }
  return clockOf(first);
}
