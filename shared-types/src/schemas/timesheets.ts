/**
 * Timesheets (docs/timesheets.md): the day clock a technician taps on My Day, the week the
 * office checks, corrects and approves, and its export. Times travel as ISO instants; days
 * are calendar dates in the company's time zone.
 */
import { z } from "zod";
import { DATE_YEAR_MAX, DATE_YEAR_MIN } from "../dates";
import { calendarDate, canonicalId, ZCompanyId, ZDateText, ZMomentText, ZRowId } from "./common";
import { VERSION_MESSAGE, ZVersion } from "./versions";

export const CLOCK_ACTIONS = ["in", "out"] as const;
export type ClockAction = (typeof CLOCK_ACTIONS)[number];

export const CLOCK_ACTION_INVALID = 'Action must be "in" or "out"';
export const CLOCK_AT_INVALID = "At must be a date and time";
/** A tap a phone kept longer than this is refused: the office corrects the day instead. */
export const CLOCK_TAP_MAX_AGE_HOURS = 24;
export const CLOCK_TAP_TOO_OLD =
  "This clock tap is more than 24 hours old and cannot be recorded: ask the office to correct your timesheet";
export const CLOCK_NOT_LINKED =
  "Your account is not linked to a roster employee: ask an owner or admin to link you on the Team screen";
export const ALREADY_CLOCKED_IN = "You are already clocked in: end your day first";
export const NOT_CLOCKED_IN = "You are not clocked in: start your day first";
export const CLOCK_OUT_BEFORE_IN = "The end of the day must be after its start";
export const CLOCK_IN_OVERLAPS = "This start is before the end of your last recorded day";
export const ENTRY_OVERLAPS = "This day overlaps another recorded day of the same person";
export const WEEK_NOT_APPROVED = "This week is not approved";
export const WEEK_LOCKED = "This week is approved: reopen it before changing it";
export const TIME_ENTRY_NOT_FOUND = "Time entry not found";
export const CLOCK_OUT_REQUIRED = "Clock out is required";
export const CLOCK_IN_INVALID = "Clock in must be a date and time";
export const CLOCK_OUT_INVALID = "Clock out must be a date and time";
export const CLOCK_IN_FUTURE = "Clock in must not be in the future";
export const CLOCK_OUT_FUTURE = "Clock out must not be in the future";
export const CORRECTION_REASON_REQUIRED = "Reason is required";
export const CORRECTION_REASON_MAX = 500;
export const WEEK_START_MONDAY = "Week start must be a Monday";
export const APPROVE_VERSION_MESSAGE = "Version must be a whole number, 0 for a week never approved";

/** An ISO date and time with its offset, in the years dates may have. */
const zInstant = (message: string) =>
  z.iso.datetime({ offset: true, message }).refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
    },
    { message },
  );

/** A Monday, the first day of a timesheet week. */
export const ZWeekStart = calendarDate("Week start").refine(
  (value) => new Date(`${value}T00:00:00Z`).getUTCDay() === 1,
  { message: WEEK_START_MONDAY },
);

/** POST /api/time-clock: `at` is when the phone was tapped (a tap kept offline); the server's now without it. */
export const ZTimeClock = z.object({
  companyId: ZCompanyId.optional(),
  action: z.enum(CLOCK_ACTIONS, { message: CLOCK_ACTION_INVALID }),
  at: zInstant(CLOCK_AT_INVALID).optional(),
});
export type TTimeClock = z.infer<typeof ZTimeClock>;

/** GET /api/timesheets: one week; `employeeId` keeps one person. */
export const ZTimesheetQuery = z.object({
  companyId: ZCompanyId.optional(),
  weekStart: ZWeekStart,
  employeeId: canonicalId({ message: "employeeId must be an employee id" }).optional(),
});
export type TTimesheetQuery = z.infer<typeof ZTimesheetQuery>;

/** GET /api/timesheets.csv: the whole week of everyone. */
export const ZTimesheetCsvQuery = z.object({ companyId: ZCompanyId.optional(), weekStart: ZWeekStart });

/** PUT /api/time-entries/:id: the office corrects a day, saying why. */
export const ZTimeEntryCorrection = z
  .object({
    companyId: ZCompanyId.optional(),
    clockIn: zInstant(CLOCK_IN_INVALID),
    clockOut: z.preprocess(
      (value) => (value === null ? undefined : value),
      z.string({ message: CLOCK_OUT_REQUIRED }).pipe(zInstant(CLOCK_OUT_INVALID)),
    ),
    reason: z
      .string({ message: CORRECTION_REASON_REQUIRED })
      .trim()
      .min(1, { message: CORRECTION_REASON_REQUIRED })
      .max(CORRECTION_REASON_MAX, { message: `Reason must be ${CORRECTION_REASON_MAX} characters or less` }),
    version: ZVersion,
  })
  .refine((v) => Date.parse(v.clockOut) > Date.parse(v.clockIn), {
    message: CLOCK_OUT_BEFORE_IN,
    path: ["clockOut"],
  });
export type TTimeEntryCorrection = z.infer<typeof ZTimeEntryCorrection>;

/** POST /api/timesheets/approve and /reopen: one person's week, on the version last seen. */
export const ZTimesheetWeekAction = z.object({
  companyId: ZCompanyId.optional(),
  weekStart: ZWeekStart,
  employeeId: canonicalId({ message: "employeeId must be an employee id" }),
  version: z
    .number({ message: VERSION_MESSAGE })
    .int({ message: APPROVE_VERSION_MESSAGE })
    .nonnegative({ message: APPROVE_VERSION_MESSAGE }),
});
export type TTimesheetWeekAction = z.infer<typeof ZTimesheetWeekAction>;

export const TIMESHEET_FLAGS = ["no_clock_out", "job_outside_clock", "edited", "long_day"] as const;
export type TimesheetFlag = (typeof TIMESHEET_FLAGS)[number];

/** Each flag in words, for the Timesheets screen and the CSV (docs/timesheets.md). */
export const TIMESHEET_FLAG_WORDS: Record<TimesheetFlag, string> = {
  no_clock_out: "No clock-out",
  job_outside_clock: "Job outside the day",
  edited: "Edited",
  long_day: "Long day",
};

export const TIMESHEET_STATUSES = ["open", "approved"] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

export const ZTimeEntry = z
  .object({
    id: ZRowId,
    employeeId: ZRowId,
    clockIn: ZMomentText,
    clockOut: ZMomentText.nullable(),
    version: z.int(),
  })
  .meta({ id: "TimeEntry" });
export type TimeEntryDTO = z.infer<typeof ZTimeEntry>;

export const ZTimesheetDay = z
  .object({
    date: ZDateText.describe("yyyy-MM-dd in the company's time zone: an entry belongs to the day it started"),
    entries: z.array(ZTimeEntry.omit({ employeeId: true })),
    workedMinutes: z.int(),
    jobMinutes: z.int().describe("Clocked time spent on jobs (Start to Complete)"),
    betweenMinutes: z.int().describe("Clocked time between jobs: travel and everything else"),
    flags: z.array(z.enum(TIMESHEET_FLAGS)),
  })
  .meta({ id: "TimesheetDay" });
export type TimesheetDayDTO = z.infer<typeof ZTimesheetDay>;

export const ZTimesheet = z
  .object({
    employeeId: ZRowId,
    employeeName: z.string(),
    status: z.enum(TIMESHEET_STATUSES),
    version: z.int().describe("The week approval's version: 0 while the week was never approved"),
    days: z.array(ZTimesheetDay),
    totalMinutes: z.int(),
    overtimeMinutes: z.int(),
    dailyOvertimeMinutes: z
      .int()
      .describe("The overtime's parts: over the daily limit (0 without one), then over the weekly one"),
    weeklyOvertimeMinutes: z.int(),
  })
  .meta({ id: "Timesheet" });
export type TimesheetDTO = z.infer<typeof ZTimesheet>;

const ZClockTimes = z.object({ clockIn: ZMomentText, clockOut: ZMomentText.nullable() });

/** One line of an entry's or a week's history. */
export const ZTimesheetChange = z
  .object({
    id: ZRowId,
    entryId: ZRowId.nullable(),
    kind: z.enum(["clock_in", "clock_out", "corrected", "approved", "reopened"]),
    changedAt: ZMomentText,
    changedBy: ZRowId.nullable(),
    before: ZClockTimes.nullable(),
    after: ZClockTimes.nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: "TimesheetChange" });
export type TimesheetChangeDTO = z.infer<typeof ZTimesheetChange>;

export const ZTimesheetWeek = z
  .object({ employeeId: ZRowId, weekStart: ZDateText, status: z.enum(TIMESHEET_STATUSES), version: z.int() })
  .meta({ id: "TimesheetWeek" });
export type TimesheetWeekDTO = z.infer<typeof ZTimesheetWeek>;
