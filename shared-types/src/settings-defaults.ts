/**
 * Company settings' defaults, apart from their zod schemas (schemas/settings.ts, where
 * CompanySettingsDTO is inferred from ZCompanySettings; a type import loads nothing),
 * so that screens needing only the defaults do not load zod on their first paint
 * (docs/settings.md).
 */
import { DEFAULT_DRIVE_MODEL } from "./drive-time";
import type { CompanySettingsDTO } from "./schemas/settings";

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
  timeFormat: null,
  drive: { ...DEFAULT_DRIVE_MODEL },
  skills: [],
  jobTypeSkills: {},
  weeklyNumbersEmail: false,
};
