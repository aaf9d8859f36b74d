/**
 * GET /api/numbers.csv (docs/numbers.md): every figure of the screen, this period beside the
 * previous one, then the screen's per-technician table (utilization beside the previous period's,
 * drive, late starts); cells made formula-safe by shared-types' csvLines.
 */
import { csvLines, type NumbersDTO, type PeriodNumbersDTO } from "@sched/shared-types";

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

const FIGURES: [string, (period: PeriodNumbersDTO) => number | null | undefined][] = [
  ["Calls logged", (p) => p.calls.logged],
  ["Calls booked", (p) => p.calls.booked],
  ["Booking rate", (p) => p.calls.rate],
  ["Not booked: follow-up", (p) => p.calls.notBookedByReason.follow_up],
  ["Not booked: estimate", (p) => p.calls.notBookedByReason.estimate],
  ["Not booked: no job", (p) => p.calls.notBookedByReason.no_job],
  ["Jobs judged on time", (p) => p.onTime.jobs],
  ["Jobs late", (p) => p.onTime.late],
  ["Average minutes late", (p) => p.onTime.averageLateMinutes],
  ["Jobs done", (p) => p.jobs.done],
  ["Jobs cancelled", (p) => p.jobs.cancelled],
  ["Jobs rescheduled", (p) => p.jobs.rescheduled],
  ["Unscheduled over a week", (p) => p.jobs.waitingOverAWeek],
  ["Repeat visits", (p) => p.jobs.repeatVisits],
  ["Billed (minor units)", (p) => p.money?.billed],
  ["Paid (minor units)", (p) => p.money?.paid],
  ["Outstanding (minor units)", (p) => p.money?.outstanding],
  ["Overdue (minor units)", (p) => p.money?.overdue],
  ["Average days from done to paid", (p) => p.money?.daysToPaid],
  ["Revenue per technician hour (minor units)", (p) => p.money?.revenuePerHour],
];

export function buildNumbersCsv(numbers: NumbersDTO): string {
  const rows: (string | null)[][] = [
    ["Figure", `${numbers.from} to ${numbers.to}`, `${numbers.previous.from} to ${numbers.previous.to}`],
  ];
  for (const [label, read] of FIGURES) {
    if (label.startsWith("Billed") && !numbers.money) break;
    rows.push([label, text(read(numbers)), text(read(numbers.previous))]);
  }
  rows.push(
    [],
    [
      "Technician",
      "Job minutes",
      "Clocked minutes",
      "Utilization",
      "Utilization, previous",
      "Drive minutes",
      "Drive share",
      "Jobs started",
      "Late starts",
    ],
  );
  for (const person of numbers.utilization) {
    const before = numbers.previous.utilization.find((one) => one.employeeId === person.employeeId);
    const started = numbers.onTime.byEmployee.find((one) => one.employeeId === person.employeeId);
    rows.push([
      person.name,
      text(person.jobMinutes),
      text(person.clockedMinutes),
      text(person.rate),
      text(before?.rate),
      text(person.driveMinutes),
      text(person.driveShare),
      text(started?.jobs ?? 0),
      text(started?.late ?? 0),
    ]);
  }
  return csvLines(rows);
}

export const numbersCsvFilename = (from: string, to: string) => `numbers-${from}-to-${to}.csv`;
