import { type CompanySettingsDTO, DEFAULT_COMPANY_SETTINGS, DEFAULT_DRIVE_MODEL } from "@sched/shared-types";
import type { companySettings } from "../db/schema";

type SettingsRow = typeof companySettings.$inferSelect;

/** The DTO of a row; a company that never saved its settings has none and reads the defaults. */
export function presentCompanySettings(row: SettingsRow | undefined): CompanySettingsDTO {
  if (!row) return { ...DEFAULT_COMPANY_SETTINGS, drive: { ...DEFAULT_DRIVE_MODEL } };
  return {
    timeZone: row.timeZone,
    country: row.country,
    workingDays: row.workingDays,
    workdayStart: row.workdayStart,
    workdayEnd: row.workdayEnd,
    jobTypeDurations: row.jobTypeDurations,
    customerNotices: row.customerNotices,
    reminderTime: row.reminderTime,
    noticeSettleMinutes: row.noticeSettleMinutes,
    overtimeWeeklyMinutes: row.overtimeWeeklyMinutes,
    overtimeDailyMinutes: row.overtimeDailyMinutes,
    longDayMinutes: row.longDayMinutes,
    timeFormat: row.timeFormat ?? null,
    drive: row.drive ?? { ...DEFAULT_DRIVE_MODEL },
    skills: row.skills,
    jobTypeSkills: row.jobTypeSkills,
    weeklyNumbersEmail: row.weeklyNumbersEmail,
  };
}
