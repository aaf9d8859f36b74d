/**
 * The next free slot from now (docs/schedule.md): a move onto today that
 * names no time (a card keeping its own time, a tray card dropped on a day) never starts at
 * a time already past. The board and the server both place it here: the first quarter hour
 * from now at which it overlaps none of the technician's jobs that day and, where the
 * places are known, leaves the drive from the job before and to the job after
 * (drive-time.ts; a job without a place adds no room: unknown is neutral). A time someone
 * named stays, with a warning when it is already past.
 */
import type { JobWarning } from "./conflicts";
import { clockTime, minutesOfDay } from "./dates";
import { DEFAULT_DRIVE_MODEL, type DriveModel, estimateDriveMinutes } from "./drive-time";
import type { LatLng } from "./schemas/places";

/** The time a job from the Unscheduled tray gets when dropped on a day with no time named. */
export const TRAY_DEFAULT_TIME = "09:00";

const STEP_MINUTES = 15;
const LAST_START = 23 * 60 + 45;

/** True when `time` today is already gone at the clock `now` ("HH:mm"). */
export const isTimePast = (time: string, now: string) => minutesOfDay(time) < minutesOfDay(now);

/** One of the technician's other jobs that day; its place, when known, asks for room to drive. */
export type BusySlot = { time: string | null; durationMinutes: number; place?: LatLng | null };

/** Where the job being placed is, and the company's drive model: room to drive around it. */
export type SlotDrive = { place?: LatLng | null; drive?: DriveModel };

/**
 * The first quarter hour at or after `now` ("HH:mm") at which a job of `durationMinutes`
 * overlaps none of `busy` (the technician's other jobs that day), leaving the drive from
 * the job before it and to the job after it when both places are known. Without such room,
 * the first slot that merely does not overlap; a day with neither gives the first quarter
 * hour from now: the overlap is then warned about, as any other.
 */
export function nextFreeTime(
  now: string,
  durationMinutes: number,
  busy: readonly BusySlot[],
  { place, drive = DEFAULT_DRIVE_MODEL }: SlotDrive = {},
): string {
  const first = Math.min(Math.ceil(minutesOfDay(now) / STEP_MINUTES) * STEP_MINUTES, LAST_START);
  const taken = busy
    .filter((job): job is BusySlot & { time: string } => job.time !== null)
    .map((job) => {
      const start = minutesOfDay(job.time);
      // Minutes of driving between this job and the one being placed; 0 when unknown.
      const gap = place && job.place ? estimateDriveMinutes(place, job.place, drive) : 0;
      return { start, end: start + job.durationMinutes, gap };
    });
  const firstFit = (withDrive: boolean) => {
    for (let start = first; start <= LAST_START; start += STEP_MINUTES) {
      const end = start + durationMinutes;
      const room = (job: (typeof taken)[number]) => (withDrive ? job.gap : 0);
      if (taken.every((job) => end + room(job) <= job.start || start >= job.end + room(job))) return start;
    }
    return undefined;
  };
  const start = (place ? firstFit(true) : undefined) ?? firstFit(false) ?? first;
  return clockTime(start);
}

/** "10:30 AM is already past": said when a move names a time of today that has gone by. */
export function pastTimeWarning(time: string): JobWarning {
  const minutes = minutesOfDay(time);
  const hour = Math.floor(minutes / 60);
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, "0")}`;
  return { code: "past_time", message: `${clock} ${hour < 12 ? "AM" : "PM"} is already past` };
}
