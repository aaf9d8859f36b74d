/**
 * The figures the Numbers screen shows (docs/numbers.md): how each is read from a period's
 * answer, written, and which rows open behind it. One list, so cards, charts and tables agree.
 */
import type { NumbersFigure, PeriodNumbersDTO } from "@sched/shared-types";

export type FigureFormat = "count" | "percent" | "minutes" | "days" | "money";

export type FigureDefinition = {
  id: string;
  title: string;
  /** What the number is, in a line. */
  hint: string;
  format: FigureFormat;
  read: (period: PeriodNumbersDTO) => number | null;
  /** The rows behind it: jobs, calls, invoices, or the technicians whose minutes make a ratio. */
  items?: NumbersFigure;
  /** How the rows behind a ratio make it, said above them. */
  note?: (period: PeriodNumbersDTO) => string;
  /** Whether a rise is good news (colours the change). */
  isUpGood: boolean;
};

const total = (period: PeriodNumbersDTO, key: "jobMinutes" | "clockedMinutes" | "driveMinutes") =>
  period.utilization.reduce((sum, row) => sum + row[key], 0);
const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

export const FIGURES: FigureDefinition[] = [
  {
    id: "calls-booked",
    title: "Calls booked",
    hint: "Calls logged that became a job",
    format: "count",
    read: (p) => p.calls.booked,
    items: "calls-booked",
    isUpGood: true,
  },
  {
    id: "booking-rate",
    title: "Booking rate",
    hint: "Calls booked / calls logged",
    format: "percent",
    read: (p) => p.calls.rate,
    items: "calls",
    note: (p) => `${p.calls.booked} of ${p.calls.logged} calls were booked.`,
    isUpGood: true,
  },
  {
    id: "utilization",
    title: "Utilization",
    hint: "Time on jobs / hours clocked",
    format: "percent",
    read: (p) => share(total(p, "jobMinutes"), total(p, "clockedMinutes")),
    items: "utilization",
    note: (p) => `${total(p, "jobMinutes")} of ${total(p, "clockedMinutes")} minutes clocked were on jobs.`,
    isUpGood: true,
  },
  {
    id: "drive-share",
    title: "Drive share",
    hint: "Estimated drive between jobs / hours clocked",
    format: "percent",
    read: (p) => share(total(p, "driveMinutes"), total(p, "clockedMinutes")),
    items: "drive-share",
    note: (p) =>
      `${total(p, "driveMinutes")} minutes of estimated drive over ${total(p, "clockedMinutes")} minutes clocked.`,
    isUpGood: false,
  },
  {
    id: "on-time",
    title: "On time",
    hint: "Started within the window, or 10 minutes after the time",
    format: "percent",
    read: (p) => share(p.onTime.jobs - p.onTime.late, p.onTime.jobs),
    items: "on-time",
    note: (p) => `${p.onTime.jobs - p.onTime.late} of ${p.onTime.jobs} started jobs were on time.`,
    isUpGood: true,
  },
  {
    id: "late",
    title: "Late starts",
    hint: "Jobs started late",
    format: "count",
    read: (p) => p.onTime.late,
    items: "late",
    isUpGood: false,
  },
  {
    id: "average-late",
    title: "Average lateness",
    hint: "Minutes late, over the late jobs",
    format: "minutes",
    read: (p) => p.onTime.averageLateMinutes,
    items: "late",
    isUpGood: false,
  },
  {
    id: "done",
    title: "Jobs done",
    hint: "Completed jobs of the period",
    format: "count",
    read: (p) => p.jobs.done,
    items: "done",
    isUpGood: true,
  },
  {
    id: "cancelled",
    title: "Cancelled",
    hint: "Jobs of the period cancelled",
    format: "count",
    read: (p) => p.jobs.cancelled,
    items: "cancelled",
    isUpGood: false,
  },
  {
    id: "rescheduled",
    title: "Rescheduled",
    hint: "Jobs moved during the period",
    format: "count",
    read: (p) => p.jobs.rescheduled,
    items: "rescheduled",
    isUpGood: false,
  },
  {
    id: "waiting",
    title: "Waiting over a week",
    hint: "Unscheduled jobs more than 7 days old",
    format: "count",
    read: (p) => p.jobs.waitingOverAWeek,
    items: "waiting",
    isUpGood: false,
  },
  {
    id: "repeat-visits",
    title: "Repeat visits",
    hint: "Same customer again within 30 days",
    format: "count",
    read: (p) => p.jobs.repeatVisits,
    items: "repeat-visits",
    isUpGood: false,
  },
];

export const MONEY_FIGURES: FigureDefinition[] = [
  {
    id: "billed",
    title: "Billed",
    hint: "Invoices issued",
    format: "money",
    read: (p) => p.money?.billed ?? null,
    items: "billed",
    isUpGood: true,
  },
  {
    id: "paid",
    title: "Paid",
    hint: "Paid on those invoices",
    format: "money",
    read: (p) => p.money?.paid ?? null,
    items: "paid",
    isUpGood: true,
  },
  {
    id: "outstanding",
    title: "Outstanding",
    hint: "Not yet paid or credited",
    format: "money",
    read: (p) => p.money?.outstanding ?? null,
    items: "outstanding",
    isUpGood: false,
  },
  {
    id: "overdue",
    title: "Overdue",
    hint: "Outstanding past the due date",
    format: "money",
    read: (p) => p.money?.overdue ?? null,
    items: "overdue",
    isUpGood: false,
  },
  {
    id: "days-to-paid",
    title: "Days to paid",
    hint: "Average days from the work done to paid in full",
    format: "days",
    read: (p) => p.money?.daysToPaid ?? null,
    items: "days-to-paid",
    note: () => "The average of the invoices' days, to one place.",
    isUpGood: false,
  },
  {
    id: "revenue-per-hour",
    title: "Revenue per technician hour",
    hint: "Billed / hours clocked",
    format: "money",
    read: (p) => p.money?.revenuePerHour ?? null,
    items: "revenue-per-hour",
    note: (p) =>
      `${formatFigure(p.money?.billed ?? 0, "money", p.money?.currency)} billed over ${total(p, "clockedMinutes")} minutes clocked.`,
    isUpGood: true,
  },
];

/** A figure's value as people read it; "–" when there was nothing to count. */
export function formatFigure(value: number | null, format: FigureFormat, currency = "USD"): string {
  if (value === null) return "–";
  if (format === "percent") return `${Math.round(value * 100)}%`;
  if (format === "minutes") return `${value} min`;
  if (format === "days") return `${value} ${value === 1 ? "day" : "days"}`;
  if (format === "money")
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(value / 100);
  return String(value);
}
