/**
 * The company's time format on every screen (docs/settings.md): its setting, else its
 * country's, handed to lib/dates.ts's formatTime as soon as the settings load.
 */
import { companyTimeFormat, type TimeFormat } from "@sched/shared-types";
import { useEffect } from "react";
import { setTimeFormat } from "../../lib/dates";
import { useSettingsQuery } from "./workingDays";

const storageKey = (companyId: string) => `timeFormat:${companyId}`;

/** The format this device last read for the company: the first paint already uses it. */
function remembered(companyId: string): TimeFormat | null {
  try {
    const value = window.localStorage.getItem(storageKey(companyId));
    return value === "12h" || value === "24h" ? value : null;
  } catch {
    return null;
  }
}

/**
 * Reads the company's settings and sets the format during the render, so the screens this
 * render draws already write times the company's way. Until the settings arrive, the format
 * this device remembers (12-hour the first time).
 */
export function useCompanyTimeFormat(companyId: string | null | undefined): TimeFormat {
  const settings = useSettingsQuery(companyId).data;
  const format = settings
    ? companyTimeFormat(settings)
    : ((companyId ? remembered(companyId) : null) ?? "12h");
  setTimeFormat(format);
  useEffect(() => {
    if (!settings || !companyId) return;
    try {
      window.localStorage.setItem(storageKey(companyId), format);
    } catch {
      // Private mode: the next visit starts from 12-hour again.
    }
  }, [settings, companyId, format]);
  return format;
}
