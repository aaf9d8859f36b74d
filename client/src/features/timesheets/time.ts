/**
 * Hours and times as the timesheets show them (docs/timesheets.md): minutes as "7h 30m",
 * instants at the company's time zone's wall clock, and that wall clock back to an instant
 * for a correction. Intl does the zone arithmetic; no library needed.
 */

/** 450 -> "7h 30m"; 0 -> "0h". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours}h` : `${hours}h ${String(rest).padStart(2, "0")}m`;
}

/**
 * One formatter per kind and time zone: making an Intl.DateTimeFormat costs about a
 * millisecond (its zone's data is looked up), and My Day's clock asks on every render.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: "timeOfDay" | "wallClock", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made =
      kind === "timeOfDay"
        ? new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone })
        : new Intl.DateTimeFormat("en-CA", {
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

/** An instant as "8:05 AM" in `timeZone`. */
export function timeOfDay(instant: string, timeZone: string): string {
  return formatter("timeOfDay", timeZone).format(new Date(instant));
}

/** The wall clock of `instant` in `timeZone`, as yyyy-MM-ddTHH:mm (a datetime-local input's value). */
export function wallClock(instant: string | Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter("wallClock", timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  return Date.parse(`${wallClock(new Date(instant), timeZone)}:00Z`) - Math.floor(instant / 60000) * 60000;
}

/**
 * The instant a wall clock yyyy-MM-ddTHH:mm shows in `timeZone` (ISO). Guessed with the
 * offset at that moment, then checked once more: right on both sides of a daylight-saving change.
 */
export function instantOf(wall: string, timeZone: string): string {
  const asUtc = Date.parse(`${wall}:00Z`);
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}
