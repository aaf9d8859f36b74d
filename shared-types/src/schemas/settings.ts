/**
 * Company settings: the one place for what an owner sets once for the whole company
 * (docs/settings.md). A later setting is one more optional field in the update, one more
 * key in the DTO and its default, and one more column in company_settings.
 */
import { z } from "zod";
import { TIME_FORMATS } from "../clock-format";
import { JOB_TYPES } from "../constants";
import { ZTime } from "./common";
import { ZDriveModel, ZDriveModelDTO } from "./drive";
import { ZCompanySkills, ZJobTypeSkills } from "./skills";

export {
  DEFAULT_COMPANY_SETTINGS,
  DEFAULT_JOB_DURATION_MINUTES,
} from "../settings-defaults";

export const TIME_ZONE_INVALID = "Time zone must be an IANA time zone such as America/Chicago";
export const COUNTRY_INVALID = "Country must be a two-letter code such as US";

export const WORKING_DAYS_INVALID = "Working days must be weekdays from 1 (Monday) to 7 (Sunday)";
export const WORKDAY_ORDER_INVALID = "The workday must end after it starts";
export const DURATION_INVALID = "Duration must be 15 to 720 minutes in steps of 15";
export const JOB_TYPE_DURATIONS_INVALID = "Job type durations must name job types";
export const OVERTIME_WEEKLY_INVALID = "Weekly overtime must start after 1 to 168 hours, in whole minutes";
export const NOTICE_SETTLE_INVALID = "The wait before a change e-mail must be 0 to 120 whole minutes";
export const OVERTIME_DAILY_INVALID = "Daily overtime must start after 1 to 24 hours, in whole minutes";
export const LONG_DAY_INVALID = "A long day must be 1 to 24 hours, in whole minutes";
export const TIME_FORMAT_INVALID = 'Time format must be "12h", "24h" or null (the country\'s)';

/**
 * Minutes worked in a week (or a day) after which the rest is overtime, or a day is long
 * (docs/timesheets.md): 1 hour up to `max`, whole minutes.
 */
const overtimeMinutes = (max: number, message: string) =>
  z.number({ message }).int({ message }).min(60, { message }).max(max, { message });

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

/** A job's length in minutes: 15-minute steps from 15 minutes to 12 hours. */
export const ZDurationMinutes = z
  .number({ message: DURATION_INVALID })
  .int({ message: DURATION_INVALID })
  .min(15, { message: DURATION_INVALID })
  .max(720, { message: DURATION_INVALID })
  .refine((value) => value % 15 === 0, { message: DURATION_INVALID });

/** ISO weekdays, 1 = Monday … 7 = Sunday: stored sorted and once each. */
export const ZWorkingDays = z
  .array(
    z
      .number({ message: WORKING_DAYS_INVALID })
      .int({ message: WORKING_DAYS_INVALID })
      .min(1, { message: WORKING_DAYS_INVALID })
      .max(7, { message: WORKING_DAYS_INVALID }),
    { message: WORKING_DAYS_INVALID },
  )
  .max(7, { message: WORKING_DAYS_INVALID })
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

/**
 * A default length per job type; a type left out takes DEFAULT_JOB_DURATION_MINUTES. A type
 * sent as null (a cleared field of the settings form) is left out: back to the default.
 */
export const ZJobTypeDurations = z.preprocess(
  (value) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value).filter(([, minutes]) => minutes !== null && minutes !== undefined),
        )
      : value,
  z.partialRecord(z.enum(JOB_TYPES, { message: JOB_TYPE_DURATIONS_INVALID }), ZDurationMinutes, {
    message: JOB_TYPE_DURATIONS_INVALID,
  }),
);

/**
 * PUT /api/companies/:companyId/settings: only the fields sent change. A workday sent on
 * one end only is checked against the other end by the command, which knows the stored one.
 */
export const ZCompanySettingsUpdate = z
  .object({
    timeZone: ZTimeZone.optional(),
    country: ZCountry.optional(),
    workingDays: ZWorkingDays.optional(),
    workdayStart: ZTime.optional(),
    workdayEnd: ZTime.optional(),
    jobTypeDurations: ZJobTypeDurations.optional(),
    customerNotices: z.boolean({ message: "customerNotices must be true or false" }).optional(),
    reminderTime: ZTime.optional(),
    noticeSettleMinutes: z
      .number({ message: NOTICE_SETTLE_INVALID })
      .int({ message: NOTICE_SETTLE_INVALID })
      .min(0, { message: NOTICE_SETTLE_INVALID })
      .max(120, { message: NOTICE_SETTLE_INVALID })
      .optional(),
    overtimeWeeklyMinutes: overtimeMinutes(168 * 60, OVERTIME_WEEKLY_INVALID).optional(),
    /** Null: no daily overtime, only the weekly one. */
    overtimeDailyMinutes: overtimeMinutes(24 * 60, OVERTIME_DAILY_INVALID)
      .nullable()
      .optional(),
    /** A day worked over this many minutes is flagged `long_day` on the timesheets. */
    longDayMinutes: overtimeMinutes(24 * 60, LONG_DAY_INVALID).optional(),
    /** Null: the country's format (clock-format.ts). */
    timeFormat: z.enum(TIME_FORMATS, { message: TIME_FORMAT_INVALID }).nullable().optional(),
    /** Drive time's estimate (docs/places.md): the object sent replaces the stored one. */
    drive: ZDriveModel.optional(),
    /** The company's skills (docs/schedule.md, "Skills"); a skill removed is taken off the employees and job types. */
    skills: ZCompanySkills.optional(),
    /** Skills a new job of each type needs by default: names from `skills`. */
    jobTypeSkills: ZJobTypeSkills.optional(),
    /** The owners' Monday e-mail of last week's numbers (docs/numbers.md). */
    weeklyNumbersEmail: z.boolean({ message: "weeklyNumbersEmail must be true or false" }).optional(),
  })
  .refine((v) => !v.workdayStart || !v.workdayEnd || v.workdayStart < v.workdayEnd, {
    message: WORKDAY_ORDER_INVALID,
    path: ["workdayEnd"],
  });
export type TCompanySettingsUpdate = z.infer<typeof ZCompanySettingsUpdate>;

/** POST /api/companies/:companyId/calendar-feed answers the member's secret subscription address. */
export const ZCalendarFeed = z.object({ url: z.string() }).meta({ id: "CalendarFeed" });
export type CalendarFeedDTO = z.infer<typeof ZCalendarFeed>;

/** A path `/calendar/:token.ics`: any string; an unknown or malformed token is simply not found (404). */
export const ZCalendarFeedParams = z.object({ token: z.string() });

/** A company's settings as the API answers them; DEFAULT_COMPANY_SETTINGS until an owner saves. */
export const ZCompanySettings = z
  .object({
    timeZone: z.string().describe("IANA time zone: the calendar feed and the company's dates speak it"),
    country: z.string().describe("ISO 3166 two-letter code, e.g. for phone numbers"),
    workingDays: z.array(z.int()).describe("ISO weekdays the company works, 1 = Monday … 7 = Sunday"),
    workdayStart: ZTime.describe('"HH:mm": jobs outside these hours are flagged, never refused'),
    workdayEnd: ZTime,
    jobTypeDurations: z
      .partialRecord(z.enum(JOB_TYPES), z.int())
      .describe(
        "Default job length in minutes per job type; a type not listed takes DEFAULT_JOB_DURATION_MINUTES",
      ),
    customerNotices: z
      .boolean()
      .describe("Booking e-mails to customers (confirmation, reminder, on the way)"),
    reminderTime: ZTime.describe(
      '"HH:mm" in the company\'s time zone: when the day-before reminder goes out',
    ),
    noticeSettleMinutes: z
      .int()
      .describe(
        "Minutes a moved, trayed or cancelled job must stay still before its customer is e-mailed the final state",
      ),
    overtimeWeeklyMinutes: z
      .int()
      .describe("Minutes in a week after which time worked is overtime (docs/timesheets.md); 2,400 = 40 h"),
    overtimeDailyMinutes: z
      .int()
      .nullable()
      .describe("Minutes in a day after which time worked is overtime; null: no daily overtime"),
    longDayMinutes: z
      .int()
      .describe(
        "Minutes worked in a day over which the timesheets flag the day `long_day` for the office to check (a technician alone can record a 24-hour day); 840 = 14 h",
      ),
    timeFormat: z
      .enum(TIME_FORMATS)
      .nullable()
      .describe(
        'How every time reads (screens, bell, e-mails): "12h" (2:30 PM), "24h" (14:30), or null: the country\'s habit',
      ),
    drive: ZDriveModelDTO.describe(
      "Drive time between two jobs (docs/places.md): straight-line km x roadFactor / averageSpeedKmh, plus parkMinutes",
    ),
    skills: z
      .array(z.string())
      .describe(
        'The company\'s skills, e.g. "gas", "backflow tester" (docs/schedule.md): employees hold them, jobs need them',
      ),
    jobTypeSkills: z
      .partialRecord(z.enum(JOB_TYPES), z.array(z.string()))
      .describe("Skills a new job of each type needs by default; a type not listed needs none"),
    weeklyNumbersEmail: z
      .boolean()
      .describe("Monday e-mail to the owners with last week's five main numbers (docs/numbers.md)"),
  })
  .meta({ id: "CompanySettings" });
export type CompanySettingsDTO = z.infer<typeof ZCompanySettings>;
