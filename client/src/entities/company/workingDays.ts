/**
 * The company's working days on the board (docs/schedule.md):
 * Sunday among them shows the Sunday column, and Add Job / Book Job start on the
 * next working day.
 */
import { addDays, type CompanySettingsDTO, DEFAULT_COMPANY_SETTINGS, isoWeekday } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../lib/queryKeys";

/**
 * `from` when it is a working day, else the first working day after it (yyyy-MM-dd).
 * With no working day at all there is nothing better than `from`.
 */
export function nextWorkingDay(from: string, workingDays: readonly number[]): string {
  for (let offset = 0; offset < 7; offset++) {
    const date = addDays(from, offset);
    if (workingDays.includes(isoWeekday(date))) return date;
  }
  return from;
}

/**
 * The company's settings as the board uses them (working days and hours); until they
 * arrive, or when they cannot be read, the defaults (Monday to Saturday, 07:00–19:00),
 * which is what the board shows without them.
 */
export function useBoardSettings(companyId: string | null | undefined): CompanySettingsDTO {
  return useSettingsQuery(companyId).data ?? DEFAULT_COMPANY_SETTINGS;
}

/** The settings query itself, for a screen that waits for it (Book Job's default day). */
export function useSettingsQuery(companyId: string | null | undefined) {
  return useQuery<CompanySettingsDTO>({
    queryKey: queryKeys.settings(companyId ?? ""),
    enabled: Boolean(companyId),
  });
}
