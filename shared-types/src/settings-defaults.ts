/**
 * Company settings' shape and defaults, apart from their zod schemas (schemas/settings.ts),
 * so that screens needing only the defaults do not load zod on their first paint
 * (docs/settings.md).
 */
import type { JOB_TYPES } from "./constants";

/** A job's length when neither the job nor its type's default says otherwise. */
export const DEFAULT_JOB_DURATION_MINUTES = 60;

/** What a company that never saved its settings reads. */
export const DEFAULT_COMPANY_SETTINGS: CompanySettingsDTO = {
  timeZone: "UTC",
  country: "US",
  workingDays: [1, 2, 3, 4, 5, 6],
  workdayStart: "07:00",
  workdayEnd: "19:00",
  jobTypeDurations: {},
  customerNotices: false,
  reminderTime: "17:00",
  noticeSettleMinutes: 10,
  overtimeWeeklyMinutes: 2400,
  overtimeDailyMinutes: null,
  longDayMinutes: 840,
};

export type CompanySettingsDTO = {
  /** IANA time zone: the calendar feed and the company's dates speak it. */
  timeZone: string;
  /** ISO 3166 two-letter code, e.g. for phone numbers. */
  country: string;
  /** ISO weekdays the company works, 1 = Monday … 7 = Sunday. */
  workingDays: number[];
  /** "HH:mm": jobs outside these hours are flagged, never refused. */
  workdayStart: string;
  workdayEnd: string;
  /** Default job length in minutes per job type; a type not listed takes DEFAULT_JOB_DURATION_MINUTES. */
  jobTypeDurations: Partial<Record<(typeof JOB_TYPES)[number], number>>;
  /** Booking e-mails to customers (confirmation, reminder, on the way). */
  customerNotices: boolean;
  /** "HH:mm" in the company's time zone: when the day-before reminder goes out. */
  reminderTime: string;
  /** Minutes a moved, trayed or cancelled job must stay still before its customer is e-mailed the final state. */
  noticeSettleMinutes: number;
  /** Minutes in a week after which time worked is overtime (docs/timesheets.md); 2,400 = 40 h. */
  overtimeWeeklyMinutes: number;
  /** Minutes in a day after which time worked is overtime; null: no daily overtime. */
  overtimeDailyMinutes: number | null;
  /**
   * Minutes worked in a day over which the timesheets flag the day `long_day` for the office
   * to check (a technician alone can record a 24-hour day); 840 = 14 h.
   */
  longDayMinutes: number;
};
