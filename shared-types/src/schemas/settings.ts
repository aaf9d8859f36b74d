/**
 * Company settings: the one place for what an owner sets once for the whole company
 * (docs/settings.md). A later setting is one more optional field in the update, one more
 * key in the DTO and its default, and one more column in company_settings.
 */
import { z } from "zod";

export const TIME_ZONE_INVALID = "Time zone must be an IANA time zone such as America/Chicago";
export const COUNTRY_INVALID = "Country must be a two-letter code such as US";

/** What a company that never saved its settings reads. */
export const DEFAULT_COMPANY_SETTINGS = { timeZone: "UTC", country: "US" } as const;

/**
 * The zone's own spelling when the runtime's time zone database knows `value`, else
 * undefined. Offsets such as "+05:00" are refused: they are not places and have no
 * daylight-saving rules.
 */
export function canonicalTimeZone(value: string): string | undefined {
  if (value === "" || /^[+-]/.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** An IANA time zone name, stored as the time zone database spells it ("america/chicago" -> "America/Chicago"). */
export const ZTimeZone = z
  .string({ message: TIME_ZONE_INVALID })
  .trim()
  .max(64, { message: TIME_ZONE_INVALID })
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone) return zone;
    ctx.addIssue({ code: "custom", message: TIME_ZONE_INVALID });
    return z.NEVER;
  });

/** An ISO 3166 two-letter country code, in capitals. */
export const ZCountry = z
  .string({ message: COUNTRY_INVALID })
  .regex(/^[A-Z]{2}$/, { message: COUNTRY_INVALID });

/** PUT /api/companies/:companyId/settings: only the fields sent change. */
export const ZCompanySettingsUpdate = z.object({
  timeZone: ZTimeZone.optional(),
  country: ZCountry.optional(),
});
export type TCompanySettingsUpdate = z.infer<typeof ZCompanySettingsUpdate>;

export type CompanySettingsDTO = {
  /** IANA time zone: the calendar feed and the company's dates speak it. */
  timeZone: string;
  /** ISO 3166 two-letter code, e.g. for phone numbers. */
  country: string;
};

/** POST /api/companies/:companyId/calendar-feed answers the member's secret subscription address. */
export type CalendarFeedDTO = { url: string };

/** A path `/calendar/:token.ics`: any string; an unknown or malformed token is simply not found (404). */
export const ZCalendarFeedParams = z.object({ token: z.string() });
