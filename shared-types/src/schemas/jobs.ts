import { z } from "zod";
import { CONFLICT_CODES } from "../conflicts";
import { JOB_STATUSES, JOB_TYPES, PAYMENT_STATUSES } from "../constants";
import { DATE_YEAR_MAX, DATE_YEAR_MIN } from "../dates";
import { JOB_FIELD_INITIALS, JOB_PRIORITIES, type JobChoiceField } from "../job-fields";
import { FLEXIBLE_MESSAGE, ZArrivalWindow } from "./arrival-window";
import {
  canonicalId,
  ZCompanyId,
  ZDate,
  ZDateText,
  ZEmail,
  ZMomentText,
  ZPathId,
  ZRowId,
  ZTime,
} from "./common";
import { ZLatitude, ZLongitude, ZPlace } from "./places";
import { ZDurationMinutes } from "./settings";
import { ZSkillList } from "./skills";
import { ZVersion } from "./versions";

/** The largest amount numeric(12,2) holds. */
export const JOB_AMOUNT_MAX = 9_999_999_999.99;
export const JOB_LOCATION_MAX = 200;
export const JOB_DESCRIPTION_MAX = 2000;
export const JOB_PHONE_MAX = 40;

const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

/** Optional text: blank means none (null), so the forms can send what the user left empty. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be ${max} characters or less` })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A decimal amount of money as text, 0 or more with at most 2 decimals; empty is none.
 * Normalised to two decimals ("95" -> "95.00"), the way PostgreSQL's numeric(12,2) answers.
 */
export const ZJobAmount = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const text = String(value).trim();
    if (text === "") return null;
    if (!AMOUNT_PATTERN.test(text) || Number(text) > JOB_AMOUNT_MAX) {
      ctx.addIssue({ code: "custom", message: "Amount must be 0 or more with at most 2 decimals" });
      return z.NEVER;
    }
    return Number(text).toFixed(2);
  });

export const ZJobType = z.enum(JOB_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === "" ? "Job type is required" : "Job type is not valid",
});
export const PRIORITY_NOT_VALID = "Priority must be low, normal, high or urgent";

/**
 * A job's fields with a fixed list of values (shared-types/src/job-fields.ts), as an edit
 * and an answer carry them; a new job starts with each one's `initial`.
 */
export const JOB_CHOICE_SCHEMAS = {
  status: z.enum(JOB_STATUSES, { message: "Job status is not valid" }),
  paymentStatus: z.enum(PAYMENT_STATUSES, { message: "Payment status is not valid" }),
  priority: z.enum(JOB_PRIORITIES, { message: PRIORITY_NOT_VALID }),
} satisfies Record<JobChoiceField, z.ZodType>;
type JobChoiceSchemas = typeof JOB_CHOICE_SCHEMAS;
export const ZJobStatus = JOB_CHOICE_SCHEMAS.status;
export const ZPaymentStatus = JOB_CHOICE_SCHEMAS.paymentStatus;
export const ZJobPriority = JOB_CHOICE_SCHEMAS.priority;

/** The choices as a new job takes them: left out, the field's `initial`. */
const choicesWithInitials = Object.fromEntries(
  Object.entries(JOB_CHOICE_SCHEMAS).map(([name, schema]) => [
    name,
    (schema as z.ZodEnum).default(JOB_FIELD_INITIALS[name as JobChoiceField]),
  ]),
) as { [K in JobChoiceField]: z.ZodDefault<JobChoiceSchemas[K]> };

const ZEmployeeRef = canonicalId({
  error: (issue) =>
    issue.input === undefined || issue.input === "" ? "Employee is required" : "Employee is not valid",
});

const ZOptionalRef = z
  .union([canonicalId({ message: "Call record is not valid" }), z.literal("")])
  .nullish()
  .transform((value) => value || null);

const ZOptionalCustomerRef = z
  .union([canonicalId({ message: "Customer is not valid" }), z.literal("")])
  .nullish()
  .transform((value) => value || null);

const ZOptionalEmail = z
  .union([ZEmail, z.literal("")])
  .nullish()
  .transform((value) => value || null);

/** The fields a job is made of: who, what, where and when, plus the customer's contact and the call it came from. */
export const ZJobFields = z.object({
  employeeId: ZEmployeeRef,
  type: ZJobType,
  location: z
    .string({ message: "Location is required" })
    .trim()
    .min(1, { message: "Location is required" })
    .max(JOB_LOCATION_MAX, { message: `Location must be ${JOB_LOCATION_MAX} characters or less` }),
  description: optionalText(JOB_DESCRIPTION_MAX, "Description"),
  date: ZDate,
  time: ZTime,
  /** Left out on create: the company's default for the job type (docs/schedule.md). */
  durationMinutes: ZDurationMinutes.optional(),
  ...choicesWithInitials,
  amount: ZJobAmount,
  customerEmail: ZOptionalEmail,
  customerPhone: optionalText(JOB_PHONE_MAX, "Customer phone"),
  /** The customer the job is for (docs/customers.md); booked from a call, the call's customer. */
  customerId: ZOptionalCustomerRef,
  callRecordId: ZOptionalRef,
  /** Skills from the company's list (docs/schedule.md, "Skills"); left out: the job type's default on create. */
  requiredSkills: ZSkillList.optional(),
  /** The window promised to the customer; left out: none on create, unchanged on edit. */
  arrivalWindow: ZArrivalWindow.nullish(),
  /** Any time that day (the optimizer may move it); left out: false on create, unchanged on edit. */
  flexible: z.boolean({ message: FLEXIBLE_MESSAGE }).optional(),
});

/** The fields that place a job on the board; a job has all three or none (docs/schedule.md). */
export const JOB_SLOT_FIELDS = ["employeeId", "date", "time"] as const;
export type JobSlotField = (typeof JOB_SLOT_FIELDS)[number];
export const JOB_SLOT_REQUIRED: Record<JobSlotField, string> = {
  employeeId: "Employee is required",
  date: "Date is required",
  time: "Time is required",
};

/**
 * The slot fields a job lacks: none when it has all three (scheduled) or none of them
 * (unscheduled), else the missing ones, so the answer says "Employee is required".
 */
export function missingSlotFields(
  slot: Partial<Record<JobSlotField, string | null | undefined>>,
): JobSlotField[] {
  const missing = JOB_SLOT_FIELDS.filter((field) => !slot[field]);
  return missing.length === JOB_SLOT_FIELDS.length ? [] : missing;
}

/** A slot field as a new job sends it: blank or absent means none (an unscheduled job). */
const slotPart = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((value) => (value === "" ? null : value), schema.nullish());

export const ZJobCreate = ZJobFields.extend({
  companyId: ZCompanyId.optional(),
  employeeId: slotPart(ZEmployeeRef),
  date: slotPart(ZDate),
  time: slotPart(ZTime),
}).superRefine((job, ctx) => {
  for (const field of missingSlotFields(job)) {
    ctx.addIssue({ code: "custom", path: [field], message: JOB_SLOT_REQUIRED[field] });
  }
});
export type TJobCreate = z.infer<typeof ZJobCreate>;

/** A photo as the form reads it (a data URL), or null to remove the stored one. */
export const ZJobPhoto = z
  .string()
  .startsWith("data:", { message: "Photo must be a JPEG, PNG or WebP image" })
  .nullable();

const COMPLETED_AT_MESSAGE = "Completed at must be a date and time";
export const ON_MY_WAY_AT_MESSAGE = "On my way at must be a date and time";
export const ON_MY_WAY_AT_ALONE = "onMyWayAt goes with onMyWay: true";
export const FROM_ALONE = "from goes with onMyWay: true";
export const STARTED_AT_MESSAGE = "Started at must be a date and time";
export const STARTED_AT_ALONE = 'startedAt goes with status: "in_progress"';
export const STARTED_AT_OUT_OF_RANGE = "Started at must be between the day before the job and now";

/** An ISO date and time with its offset, in the years dates may have. */
const zMoment = (message: string) =>
  z.iso.datetime({ offset: true, message }).refine(
    (value) => {
      // Text that is no date and time at all has already failed the check above.
      const year = Number(value.slice(0, 4));
      return !(year < DATE_YEAR_MIN || year > DATE_YEAR_MAX);
    },
    { message },
  );

/** A technician linked to a roster employee progresses only that employee's jobs (docs/schedule.md). */
export const NOT_YOUR_JOB = "This job is not assigned to you";
/** How far ahead of the server's clock a reported time may be (a phone's clock may run a little fast). */
export const PROGRESS_TIME_SLACK_MINUTES = 5;
/** A reported completion or "on my way" time lies from the day before the job's day to now. */
export const COMPLETED_AT_OUT_OF_RANGE = "Completed at must be between the day before the job and now";
export const ON_MY_WAY_AT_OUT_OF_RANGE = "On my way at must be between the day before the job and now";

/** When a job was completed. */
const ZCompletedAt = zMoment(COMPLETED_AT_MESSAGE);

/** The fields an employee-role member may change: progress on the job, nothing about the plan. */
export const JOB_PROGRESS_FIELDS = [
  "status",
  "completedAt",
  "beforePhoto",
  "afterPhoto",
  "onMyWay",
  "onMyWayAt",
  "from",
  "startedAt",
] as const;

/**
 * PUT /api/jobs/:id: any subset of the fields. Defaults are dropped so that a partial
 * update never resets a status the request did not mention. `version` is the one the
 * client last saw: an older one is refused (409 stale).
 */
export const ZJobUpdate = z
  .object({
    ...ZJobFields.shape,
    ...JOB_CHOICE_SCHEMAS,
    completedAt: ZCompletedAt.nullable(),
    beforePhoto: ZJobPhoto,
    afterPhoto: ZJobPhoto,
    /** "On my way": the server records the time (docs/schedule.md); only `true` means anything. */
    onMyWay: z.literal(true, { message: "onMyWay can only be true" }),
    /**
     * When "On my way" was tapped, for a tap a phone kept while offline (docs/offline.md);
     * the server records it, or its own time if that is earlier.
     */
    onMyWayAt: zMoment(ON_MY_WAY_AT_MESSAGE),
    /**
     * Where the phone was at On my way, when the technician lets it tell (docs/visits.md):
     * the arrival estimate drives from there instead of the previous job's place.
     */
    from: z.object({ lat: ZLatitude, lng: ZLongitude }, { message: "from must be {lat, lng}" }),
    /**
     * When "Start" was tapped, for a tap a phone kept while offline: recorded in the
     * technician's timesheet (docs/timesheets.md), never later than the server's now.
     */
    startedAt: zMoment(STARTED_AT_MESSAGE),
    // All three null (or blank) unschedules the job; the command checks the result has all or none.
    employeeId: slotPart(ZEmployeeRef),
    date: slotPart(ZDate),
    time: slotPart(ZTime),
  })
  .partial()
  .extend({ companyId: ZCompanyId.optional(), version: ZVersion.optional() })
  .refine((v) => Object.keys(v).some((k) => k !== "companyId" && k !== "version"), {
    message: "Nothing to update",
  })
  .refine((v) => v.onMyWayAt === undefined || v.onMyWay === true, {
    message: ON_MY_WAY_AT_ALONE,
    path: ["onMyWayAt"],
  })
  .refine((v) => v.from === undefined || v.onMyWay === true, {
    message: FROM_ALONE,
    path: ["from"],
  })
  .refine((v) => v.startedAt === undefined || v.status === "in_progress", {
    message: STARTED_AT_ALONE,
    path: ["startedAt"],
  });
export type TJobUpdate = z.infer<typeof ZJobUpdate>;

/** GET /api/jobs: both dates inclusive; without them, every job of the company. `employeeId` keeps one person's jobs. */
export const ZJobListQuery = z
  .object({
    companyId: ZCompanyId.optional(),
    startDate: ZDate.optional(),
    endDate: ZDate.optional(),
    employeeId: canonicalId({ message: "employeeId must be an employee id" }).optional(),
    /** "true" lists the Unscheduled tray: the jobs without a date (docs/schedule.md). */
    unscheduled: z
      .enum(["true", "false"], { message: "unscheduled must be true or false" })
      .optional()
      .transform((value) => value === "true"),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: "Start date must not be after end date",
  })
  .refine((q) => !q.unscheduled || (!q.startDate && !q.endDate && !q.employeeId), {
    message: "Unscheduled jobs have no date or employee: leave out startDate, endDate and employeeId",
  });
export type TJobListQuery = z.infer<typeof ZJobListQuery>;

/**
 * GET /api/jobs/:id/photos/:photo: a photo's id, or a kind for the first photo of that kind
 * (the older address); any strings, an unknown one is simply not found (404).
 */
export const ZJobPhotoParams = z.object({ id: ZPathId, photo: z.string() });

/** The photo URL's `?v=`: the job version it names; anything else is simply not the current one. */
export const ZJobPhotoQuery = z.object({ v: z.string().optional().catch(undefined) });

/** A warning of the conflict engine (shared-types/src/conflicts.ts). */
export const ZJobWarning = z
  .object({
    code: z.enum(CONFLICT_CODES),
    message: z.string(),
    jobId: ZRowId.optional().describe("The other job of an overlap"),
  })
  .meta({ id: "JobWarning" });

/** A job as the API answers it (core/src/presenters/jobs.ts). */
export const ZJob = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    employeeId: ZRowId.nullable().describe(
      "employeeId, date and time are all null while the job is unscheduled (docs/schedule.md)",
    ),
    type: ZJobType,
    location: z.string(),
    description: z.string().nullable(),
    date: ZDateText.nullable(),
    time: ZTime.nullable(),
    durationMinutes: z.int().describe("15 to 720 minutes in steps of 15: the card shows start–end"),
    ...JOB_CHOICE_SCHEMAS,
    completedAt: ZMomentText.nullable(),
    onMyWayAt: ZMomentText.nullable().describe(
      "When the technician said they were on the way (not a status: docs/schedule.md)",
    ),
    arrivalEstimateAt: ZMomentText.nullable().describe(
      "When the technician should arrive, estimated at On my way from where they were; null once the status moves on (docs/visits.md)",
    ),
    amount: z.string().nullable().describe('Two decimals as text, e.g. "95.00"'),
    customerEmail: z.string().nullable(),
    customerPhone: z.string().nullable(),
    customerId: ZRowId.nullable().describe(
      "The customer the job is for (docs/customers.md); null when none is linked",
    ),
    customerName: z
      .string()
      .nullable()
      .describe("That customer's name, as the cards, the print sheet and the CSV show it"),
    callRecordId: ZRowId.nullable(),
    requiredSkills: z
      .array(z.string())
      .describe(
        "The company skills the job needs (docs/schedule.md); the `skills` warning says who lacks them",
      ),
    seriesId: ZRowId.nullable().describe(
      "The recurring series this job is an occurrence of, or null (docs/schedule.md)",
    ),
    occurrenceDate: ZDateText.nullable().describe(
      "The date the series' rule gave this occurrence, whatever date it was moved to since",
    ),
    isDetached: z
      .boolean()
      .describe("True once this occurrence was changed on its own: series edits skip it unless asked"),
    beforePhotoUrl: z.string().nullable(),
    afterPhotoUrl: z.string().nullable(),
    arrivalWindow: z
      .object({ start: ZTime, end: ZTime })
      .nullable()
      .describe('The window promised to the customer (docs/schedule.md, "Optimize a day"); null: none'),
    flexible: z.boolean().describe("Any time that day: the optimizer may move it within the hours"),
    source: z
      .enum(["office", "online"])
      .describe("How the job came in: made by the office, or booked online (docs/booking.md)"),
    place: ZPlace.nullable().describe(
      "Where the job is: from its location on save, from a geocoder later, or a pin (docs/places.md); null when not found",
    ),
    createdAt: ZMomentText,
    updatedAt: ZMomentText,
    version: z.int().describe("Grows by one with every change (docs/api.md)"),
    warnings: z
      .array(ZJobWarning)
      .describe("What the conflict engine sees (docs/schedule.md); never blocks a save"),
  })
  .meta({ id: "Job" });
export type JobDTO = z.infer<typeof ZJob>;
