/**
 * Calendar arithmetic on plain yyyy-MM-dd strings, in UTC so that no server time
 * zone or daylight-saving change can move a date.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const parse = (date: string) => new Date(`${date}T00:00:00Z`);

/** The calendar date of `instant` in UTC. */
export const toDateString = (instant: Date) => instant.toISOString().slice(0, 10);

export const addDays = (date: string, days: number) =>
  toDateString(new Date(parse(date).getTime() + days * DAY_MS));

/** The Monday of the week containing `date` (weeks start Monday). */
export function weekStartOf(date: string): string {
  const weekday = (parse(date).getUTCDay() + 6) % 7; // 0 = Monday
  return addDays(date, -weekday);
}

/** 0 = Monday ... 6 = Sunday. */
export const dayOfWeek = (date: string) => (parse(date).getUTCDay() + 6) % 7;

/** "Nov 23, 2026" */
export function formatDate(date: string): string {
  const d = parse(date);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** The history name of a week: "Week of Nov 23, 2026". */
export const weekName = (weekStart: string) => `Week of ${formatDate(weekStart)}`;
