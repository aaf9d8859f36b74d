/**
 * How a company's clock reads (docs/settings.md): one format per company for every screen,
 * the bell and the e-mails. The owner picks 12-hour or 24-hour; until then the company's
 * country decides ("2:30 PM" in the US, "14:30" in Britain or Germany, as Intl says).
 */

export const TIME_FORMATS = ["12h", "24h"] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/** The format people in `country` use, from Intl's `en-<country>`; 12-hour when Intl cannot say. */
export function countryTimeFormat(country: string): TimeFormat {
  try {
    const { hourCycle } = new Intl.DateTimeFormat(`en-${country}`, { hour: "numeric" }).resolvedOptions();
    return hourCycle === "h23" || hourCycle === "h24" ? "24h" : "12h";
  } catch {
    return "12h";
  }
}

/** The company's format: its own setting, or its country's when it chose none (null). */
export const companyTimeFormat = (settings: { country: string; timeFormat?: TimeFormat | null }) =>
  settings.timeFormat ?? countryTimeFormat(settings.country);

/** A wall-clock "HH:mm" in `format`: "2:30 PM" / "14:30", "9:05 AM" / "09:05"; anything else unchanged. */
export function formatClock(time: string, format: TimeFormat): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = match[2];
  if (format === "24h") return `${String(hours).padStart(2, "0")}:${minutes}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}
