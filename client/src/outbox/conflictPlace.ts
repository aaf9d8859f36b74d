/**
 * Where the job of a kept conflict stands now (docs/offline.md), for the banner that
 * resolves it: the office may have moved it to another day or given it to a colleague,
 * and then its card is on no day of the technician's My Day.
 */
import dayjs from "dayjs";
import type { QueuedJobChange } from "./outbox";

export type ConflictPlace = {
  /** The job is still the technician's, on a day their My Day shows (its card can resolve it too). */
  isOnMyDay: boolean;
  /** The day of its card on My Day, when it has one. */
  day: string | null;
  /** The job as it is now, in a few words: "now Sam Smith's, Sat 10:00", "now unscheduled". */
  now: string;
  /**
   * Whether "Keep mine" can succeed: a technician linked to a roster employee may record
   * work only on their own jobs (docs/schedule.md), so a job given to someone
   * else or left unscheduled can only be dropped.
   */
  canKeepMine: boolean;
};

/** "Sat 10:00", "Sat" without a time. */
function whenText(date: string, time: string | null): string {
  const day = dayjs(date).format("ddd");
  return time ? `${day} ${time}` : day;
}

/**
 * @param myEmployeeId the roster employee the signed-in member is in the change's company, or null
 * @param employeeNames the company's roster names, as far as the phone has them
 */
export function conflictPlace(
  conflict: Pick<QueuedJobChange, "current" | "seen">,
  myEmployeeId: string | null,
  employeeNames: ReadonlyMap<string, string>,
): ConflictPlace {
  const current = conflict.current;
  // A change kept by an older app carries no job: it can only be tried again or dropped.
  if (!current) return { isOnMyDay: false, day: null, now: "", canKeepMine: true };
  const employeeId = typeof current.employeeId === "string" ? current.employeeId : null;
  const date = typeof current.date === "string" ? current.date : null;
  const time = typeof current.time === "string" ? current.time : null;
  const isMine = myEmployeeId !== null && employeeId === myEmployeeId;
  // A member not linked to a roster employee may record work on any job of the company.
  const canKeepMine = myEmployeeId === null || isMine;
  if (!employeeId || !date) return { isOnMyDay: false, day: null, now: "now unscheduled", canKeepMine };
  if (isMine) {
    const seenDate = conflict.seen?.date;
    const seenTime = conflict.seen?.time;
    const isMoved = seenDate !== date || seenTime !== time;
    return { isOnMyDay: true, day: date, now: isMoved ? `now ${whenText(date, time)}` : "", canKeepMine };
  }
  const name = employeeNames.get(employeeId);
  const whose = name ? `${name}'s` : "a colleague's";
  return { isOnMyDay: false, day: null, now: `now ${whose}, ${whenText(date, time)}`, canKeepMine };
}
