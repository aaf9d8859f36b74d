/**
 * The week's timesheets as CSV for payroll (docs/timesheets.md): one row per person and
 * day, then each person's total; hours as decimals and as h:mm; times of day in the
 * company's time zone; flags in words. Cells are formula-safe like the schedule's export
 * (shared-types/src/csv.ts).
 */
import { csvLines, TIMESHEET_FLAG_WORDS, type TimesheetDTO } from "@sched/shared-types";
import { DateTime } from "luxon";

const HEADER = [
  "Employee",
  "Date",
  "Day",
  "Clock in",
  "Clock out",
  "Worked (hours)",
  "Worked (h:mm)",
  "Jobs (hours)",
  "Between jobs (hours)",
  "Overtime (hours)",
  "Overtime (h:mm)",
  "Flags",
  "Status",
];

/** 450 -> "7.50". */
export const decimalHours = (minutes: number) => (minutes / 60).toFixed(2);
/** 450 -> "7:30". */
export const hoursAndMinutes = (minutes: number) =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

const timeOfDay = (instant: string, timeZone: string) =>
  DateTime.fromISO(instant, { zone: timeZone }).toFormat("HH:mm");

export function buildTimesheetCsv(sheets: readonly TimesheetDTO[], timeZone: string): string {
  const rows: string[][] = [HEADER];
  for (const sheet of sheets) {
    for (const day of sheet.days) {
      if (day.entries.length === 0 && day.flags.length === 0) continue;
      rows.push([
        sheet.employeeName,
        day.date,
        DateTime.fromISO(day.date).toFormat("cccc"),
        day.entries.map((entry) => timeOfDay(entry.clockIn, timeZone)).join(" / "),
        day.entries.map((entry) => (entry.clockOut ? timeOfDay(entry.clockOut, timeZone) : "")).join(" / "),
        decimalHours(day.workedMinutes),
        hoursAndMinutes(day.workedMinutes),
        decimalHours(day.jobMinutes),
        decimalHours(day.betweenMinutes),
        "",
        "",
        // In words, as the Timesheets screen shows them: payroll reads this, not the code.
        day.flags.map((flag) => TIMESHEET_FLAG_WORDS[flag]).join("; "),
        sheet.status,
      ]);
    }
    rows.push([
      sheet.employeeName,
      "Total",
      "",
      "",
      "",
      decimalHours(sheet.totalMinutes),
      hoursAndMinutes(sheet.totalMinutes),
      decimalHours(sheet.days.reduce((sum, day) => sum + day.jobMinutes, 0)),
      decimalHours(sheet.days.reduce((sum, day) => sum + day.betweenMinutes, 0)),
      decimalHours(sheet.overtimeMinutes),
      hoursAndMinutes(sheet.overtimeMinutes),
      "",
      sheet.status,
    ]);
  }
  return csvLines(rows);
}

export const timesheetCsvFilename = (weekStart: string) => `timesheets-${weekStart}.csv`;
