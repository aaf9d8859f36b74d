/**
 * The schedule as CSV (Export Schedule, and the History screen's export): one row per
 * job of the 7 days from Monday, RFC 4180 quoting, CRLF line ends.
 */
import {
  CSV_FIELDS,
  csvCell,
  type EmployeeDTO,
  JOB_FIELDS,
  type JobDTO,
  jobFieldText,
} from "@sched/shared-types";
import dayjs from "dayjs";
import { jobsOfWeek } from "./gridModel";

/** Where and when, then each field the job's field list puts in the CSV (shared-types/src/job-fields.ts). */
const SCHEDULE_CSV_HEADER = [
  "Date",
  "Day",
  "Employee",
  "Time",
  ...CSV_FIELDS.map((name) => JOB_FIELDS[name].csv as string),
];

/** One cell, formula-safe and quoted: shared with the server's exports (shared-types/src/csv.ts). */
export { csvCell };

/**
 * The CSV of the week starting `weekStart` (yyyy-MM-dd, a Monday): every job of the week
 * once, whoever it belongs to (the board's rule, gridModel.ts), by date, time, then employee.
 * `employees` names them: pass everyone, inactive people too.
 */
export function buildScheduleCsv(jobs: JobDTO[], employees: EmployeeDTO[], weekStart: string): string {
  const names = new Map(employees.map((employee) => [employee.id, employee.name]));
  const rows = jobsOfWeek(jobs, weekStart)
    .map((job) => ({ job, employee: (job.employeeId ? names.get(job.employeeId) : undefined) ?? "" }))
    .sort(
      (a, b) =>
        a.job.date.localeCompare(b.job.date) ||
        (a.job.time ?? "").localeCompare(b.job.time ?? "") ||
        a.employee.localeCompare(b.employee),
    )
    .map(({ job, employee }) => [
      job.date,
      dayjs(job.date).format("dddd"),
      employee,
      job.time,
      ...CSV_FIELDS.map((name) => jobFieldText(name, job[name])),
    ]);
  const lines = [SCHEDULE_CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The file name of a week's export: schedule-<Monday>.csv. */
export const scheduleCsvFilename = (weekStart: string) => `schedule-${weekStart}.csv`;

/**
 * Saves `csv` as a download. A byte-order mark first, so that Excel reads the UTF-8
 * (accents in names and addresses) correctly.
 */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob(["\ufeff", csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
