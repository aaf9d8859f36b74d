/**
 * Dates, times, lengths and prices in the customer's words. Dates (`yyyy-MM-dd`) and times
 * (`HH:mm`) are the company's wall clock: they are formatted as written, in UTC, never
 * moved to the browser's zone. English pages format in the browser's English, else en-US.
 */
const LOCALE =
  typeof navigator !== "undefined" && navigator.language?.toLowerCase().startsWith("en")
    ? navigator.language
    : "en-US";

const utc = (date: string, time = "00:00") => new Date(`${date}T${time}:00Z`);

const dayFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
const instantFormat = new Intl.DateTimeFormat(LOCALE, { hour: "numeric", minute: "2-digit" });
const moneyFormat = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/** "Monday, December 7". */
export const formatDay = (date: string) => dayFormat.format(utc(date));

/** "8:00 AM" (or "08:00" in a 24-hour English). */
export const formatTime = (time: string) => timeFormat.format(utc("2000-01-01", time));

/** "8:00 AM – 10:00 AM". */
export const formatWindow = (window: { start: string; end: string }) =>
  `${formatTime(window.start)} – ${formatTime(window.end)}`;

/** An instant (the arrival estimate) on the browser's clock: "10:20 AM". */
export const formatInstant = (iso: string) => instantFormat.format(new Date(iso));

/** "1 h 30 min", "45 min", "2 h". */
export function formatLength(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "from $80": a price from is kept in cents (integer minor units). */
export const formatPriceFrom = (cents: number) => `from ${moneyFormat.format(cents / 100)}`;

/** Today on the browser's calendar, `yyyy-MM-dd`. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `date` moved by `days` (calendar arithmetic on the date alone). */
export function addDays(date: string, days: number): string {
  const moved = utc(date);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

const stampFormat = new Intl.DateTimeFormat(LOCALE, {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** An instant with its day, on the browser's clock: "Dec 4, 10:20 AM". */
export const formatStamp = (iso: string) => stampFormat.format(new Date(iso));

/** A phone number as a tel: link takes it: digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
