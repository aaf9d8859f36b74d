/** A company's settings as the API shows them (docs/settings.md). */
import { type CompanySettingsDTO, DEFAULT_COMPANY_SETTINGS } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { companySettings } from "../db/schema";

type SettingsRow = typeof companySettings.$inferSelect;

/** The DTO of a row; a company that never saved its settings has none and reads the defaults. */
export function presentCompanySettings(row: SettingsRow | undefined): CompanySettingsDTO {
  if (!row) return { ...DEFAULT_COMPANY_SETTINGS };
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
  };
}

export async function loadCompanySettings(
  companyId: string,
  executor: Executor = db,
): Promise<CompanySettingsDTO> {
  const [row] = await executor.select().from(companySettings).where(eq(companySettings.companyId, companyId));
  return presentCompanySettings(row);
}
