/**
 * Time off and availability (docs/time-off.md). A technician asks for their own time off
 * (pending until the office decides); owners and admins enter anyone's, approved at once.
 * An employee's weekly pattern says when they work; empty means the company's working days
 * and hours. The messages name the field as the forms label it.
 */
import { z } from "zod";
import { TIME_OFF_KINDS, TIME_OFF_STATUSES } from "../time-off-words";
import { calendarDate, canonicalId, ZCompanyId, ZDateText, ZMomentText, ZRowId, ZTime } from "./common";
import { ZVersion } from "./versions";

export const TIME_OFF_NOTE_MAX = 500;
/** One list covers at most this many days (a year and a bit): the boards ask for weeks. */
export const TIME_OFF_LIST_MAX_DAYS = 400;

export const TIME_OFF_NOT_FOUND = "Time off not found";
export const TIME_OFF_KIND_INVALID = `Kind must be one of ${TIME_OFF_KINDS.join(", ")}`;
export const TIME_OFF_END_BEFORE_START = "End date must not be before the start date";
export const TIME_OFF_PART_DAY_ONE_DAY = "Part of a day must start and end on the same date";
export const TIME_OFF_TIMES_TOGETHER = "Give both a start and an end time, or neither for whole days";
export const TIME_OFF_END_TIME_AFTER_START = "End time must be after the start time";
export const TIME_OFF_IN_THE_PAST = "Time off cannot start before today (sick time can)";
export const TIME_OFF_NOT_LINKED =
  "Your account is not linked to a roster employee: ask an owner or admin to link you on the Team screen";
export const TIME_OFF_ONLY_OWN = "You can ask for time off for yourself only";
export const TIME_OFF_EMPLOYEE_REQUIRED = "Employee is required";
export const TIME_OFF_NOT_PENDING = "Only a pending request can be withdrawn";
export const TIME_OFF_STATUS_INVALID = 'Status must be "approved" or "declined"';
export const TIME_OFF_LIST_RANGE = `From must not be after to, and a list covers at most ${TIME_OFF_LIST_MAX_DAYS} days`;

const ZKind = z.enum(TIME_OFF_KINDS, { message: TIME_OFF_KIND_INVALID });

const emptyToNull = (value: unknown) =>
  value === undefined || (typeof value === "string" && value.trim() === "") ? null : value;

const optionalTime = (label: string) =>
  z.preprocess(
    emptyToNull,
    z.string({ message: `${label} must be HH:mm` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
      message: `${label} must be HH:mm`,
    }),
  );

/** POST /api/time-off. The rules between fields come back as field errors on the field to fix. */
export const ZTimeOffCreate = z
  .object({
    companyId: ZCompanyId.optional(),
    employeeId: canonicalId({ message: "Employee must be an employee id" }).optional(),
    startDate: calendarDate("Start date"),
    endDate: calendarDate("End date"),
    startTime: optionalTime("Start time").nullable().optional(),
    endTime: optionalTime("End time").nullable().optional(),
    kind: ZKind,
    note: z.preprocess(
      emptyToNull,
      z
        .string({ message: "Note must be text" })
        .trim()
        .max(TIME_OFF_NOTE_MAX, { message: `Note must be ${TIME_OFF_NOTE_MAX} characters or less` })
        .nullable(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.endDate < value.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: TIME_OFF_END_BEFORE_START });
      return;
    }
    const hasStart = value.startTime != null;
    const hasEnd = value.endTime != null;
    if (hasStart !== hasEnd) {
      ctx.addIssue({
        code: "custom",
        path: [hasStart ? "endTime" : "startTime"],
        message: TIME_OFF_TIMES_TOGETHER,
      });
      return;
    }
    if (!hasStart) return;
    if (value.endDate !== value.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: TIME_OFF_PART_DAY_ONE_DAY });
    } else if ((value.endTime ?? "") <= (value.startTime ?? "")) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: TIME_OFF_END_TIME_AFTER_START });
    }
  })
  .transform((value) => ({
    ...value,
    startTime: value.startTime ?? null,
    endTime: value.endTime ?? null,
    note: value.note ?? null,
  }));
export type TTimeOffCreate = z.infer<typeof ZTimeOffCreate>;
/** What a client sends. */
export type TTimeOffInput = z.input<typeof ZTimeOffCreate>;

/** PUT /api/time-off/:id: the office's decision, on the version it saw. */
export const ZTimeOffDecision = z.object({
  companyId: ZCompanyId.optional(),
  status: z.enum(["approved", "declined"], { message: TIME_OFF_STATUS_INVALID }),
  version: ZVersion,
});
export type TTimeOffDecision = z.infer<typeof ZTimeOffDecision>;

/** GET /api/time-off: what touches the days from..to (inclusive). */
export const ZTimeOffListQuery = z
  .object({
    companyId: ZCompanyId.optional(),
    from: calendarDate("From"),
    to: calendarDate("To"),
    employeeId: canonicalId({ message: "employeeId must be an employee id" }).optional(),
    status: z
      .enum(TIME_OFF_STATUSES, { message: `Status must be one of ${TIME_OFF_STATUSES.join(", ")}` })
      .optional(),
  })
  .refine(
    (q) =>
      q.from <= q.to &&
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
        TIME_OFF_LIST_MAX_DAYS,
    { message: TIME_OFF_LIST_RANGE, path: ["to"] },
  );
export type TTimeOffListQuery = z.infer<typeof ZTimeOffListQuery>;

/**
 * One time off as the API answers it. Someone else's, read by an employee-role member,
 * comes without kind and note (who is away, not why), and only once approved.
 */
export const ZTimeOff = z
  .object({
    id: ZRowId,
    employeeId: ZRowId,
    startDate: ZDateText,
    endDate: ZDateText,
    startTime: ZTime.nullable().describe('"HH:mm" for part of one day; null for whole days'),
    endTime: ZTime.nullable(),
    kind: z.enum(TIME_OFF_KINDS).nullable(),
    note: z.string().nullable(),
    status: z.enum(TIME_OFF_STATUSES),
    requestedBy: ZRowId.nullable(),
    decidedBy: ZRowId.nullable(),
    decidedAt: ZMomentText.nullable(),
    version: z.int(),
  })
  .meta({ id: "TimeOff" });
export type TimeOffDTO = z.infer<typeof ZTimeOff>;

/** What `time_off.*` events carry to the whole company: which person, never why. */
export type TimeOffSignal = { id: string; companyId: string; employeeId: string };

// Availability ---------------------------------------------------------------------------

export const AVAILABILITY_DAY_INVALID = "Day must be a whole number from 0 (Sunday) to 6 (Saturday)";
export const AVAILABILITY_END_AFTER_START = "End must be after start";
export const AVAILABILITY_OVERLAP = "Windows of the same day must not overlap";
export const AVAILABILITY_MAX_WINDOWS = 21;

/** One window of a working week: `day` 0 = Sunday … 6 = Saturday, as JavaScript counts. */
export const ZAvailabilityWindow = z
  .object({
    day: z
      .number({ message: AVAILABILITY_DAY_INVALID })
      .int({ message: AVAILABILITY_DAY_INVALID })
      .min(0, { message: AVAILABILITY_DAY_INVALID })
      .max(6, { message: AVAILABILITY_DAY_INVALID }),
    start: ZTime,
    end: ZTime,
  })
  .refine((window) => window.end > window.start, { message: AVAILABILITY_END_AFTER_START, path: ["end"] });

export type AvailabilityWindow = z.infer<typeof ZAvailabilityWindow>;

/** The weekly pattern, kept sorted by day and start; [] means the company's days and hours. */
export const ZAvailability = z
  .array(ZAvailabilityWindow, { message: "Availability must be a list of weekly windows" })
  .max(AVAILABILITY_MAX_WINDOWS, { message: `Availability has at most ${AVAILABILITY_MAX_WINDOWS} windows` })
  .superRefine((windows, ctx) => {
    windows.forEach((window, index) => {
      const clash = windows.some(
        (other, otherIndex) =>
          otherIndex < index &&
          other.day === window.day &&
          other.start < window.end &&
          window.start < other.end,
      );
      if (clash) ctx.addIssue({ code: "custom", path: [index, "start"], message: AVAILABILITY_OVERLAP });
    });
  })
  .transform((windows) =>
    [...windows].sort((a, b) => a.day - b.day || (a.start < b.start ? -1 : a.start > b.start ? 1 : 0)),
  );
