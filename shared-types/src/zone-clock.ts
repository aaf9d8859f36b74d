/**
 * What a time zone's wall clock reads at an instant: the board's "now" for a drop on today,
 * a timesheet's times, a datetime-local input's value. Intl does the zone arithmetic.
 * `timeZone` undefined is the runtime's own zone (the browser's).
 */

/**
 * One formatter per time zone: making an Intl.DateTimeFormat costs about a millisecond (its
 * zone's data is looked up), and My Day's clock asks on every render.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(key, made);
  }
  return made;
}

/** The wall clock of `instant` in `timeZone`, as yyyy-MM-ddTHH:mm (a datetime-local input's value). */
export function wallClock(instant: string | Date, timeZone?: string): string {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

/** "HH:mm" of the wall clock `now` reads in `timeZone`. */
export const clockIn = (now: Date, timeZone?: string) => wallClock(now, timeZone).slice(11);

/** The calendar date (yyyy-MM-dd) `now` falls on in `timeZone`. */
export const dateIn = (now: Date, timeZone?: string) => wallClock(now, timeZone).slice(0, 10);
