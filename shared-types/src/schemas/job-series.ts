/**
 * Recurring jobs (docs/schedule.md): the create request, the repeat rule
 * and the scope of an edit or delete of one occurrence.
 *
 * The repeat rule is an RFC 5545 RRULE limited to what the dialog offers: FREQ=WEEKLY or
 * MONTHLY with INTERVAL, BYDAY, BYMONTHDAY, COUNT or UNTIL. It is checked here, part by
 * part, before any rule library sees it: a lax parser turns "INTERVAL=abc" into a rule
 * that never ends, so only text this checker accepts is ever expanded.
 */
import { z } from "zod";
import { JOB_TYPES } from "../constants";
import { type JobChoiceField, SERIES_FIELDS, type SeriesField } from "../job-fields";
import { calendarDate, canonicalId, ZCompanyId, ZDateText, ZMomentText, ZRowId, ZTime } from "./common";
import { JOB_CHOICE_SCHEMAS, ZJobFields } from "./jobs";
import { FIRST_DATE_WITHIN_YEARS, hasFirstDate } from "./repeat-rule-dates";
import { ZDurationMinutes } from "./settings";

export const SERIES_FREQUENCIES = ["WEEKLY", "MONTHLY"] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];
export const RRULE_WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type RRuleWeekday = (typeof RRULE_WEEKDAYS)[number];

/** How far ahead occurrences exist as job rows; the daily sweep keeps it so. */
export const SERIES_HORIZON_WEEKS = 12;
export const SERIES_INTERVAL_MAX = 99;
export const SERIES_COUNT_MAX = 500;
/** Longer than any rule the parts below allow without repeating themselves. */
export const RRULE_LENGTH_MAX = 300;

/** A repeat rule read into its parts: every part already checked. */
export type RepeatRule = {
  freq: SeriesFrequency;
  interval: number;
  /** Weekdays; for MONTHLY an ordinal may come first (1MO = the first Monday, -1FR = the last Friday). */
  byDay: { weekday: RRuleWeekday; nth: number | null }[];
  byMonthDay: number[];
  count: number | null;
  /** yyyy-MM-dd, inclusive. */
  until: string | null;
};

export const RRULE_MESSAGES = {
  required: "Repeat rule is required",
  dtstart: "Repeat rule must not contain DTSTART: the start date is startDate",
  malformed: "Repeat rule must be NAME=VALUE parts separated by semicolons, e.g. FREQ=WEEKLY;BYDAY=MO",
  unsupported: (name: string) =>
    `Repeat rule part ${name} is not supported: use FREQ, INTERVAL, BYDAY, BYMONTHDAY, COUNT or UNTIL`,
  repeated: (name: string) => `Repeat rule names ${name} more than once`,
  freq: "Repeat rule FREQ must be WEEKLY or MONTHLY",
  interval: `Repeat rule INTERVAL must be a whole number from 1 to ${SERIES_INTERVAL_MAX}`,
  byDay: "Repeat rule BYDAY must list weekdays (MO, TU, WE, TH, FR, SA, SU)",
  byDayOrdinal: "Repeat rule BYDAY may number a weekday (1MO, -1FR) only with FREQ=MONTHLY",
  byMonthDay: "Repeat rule BYMONTHDAY must list days from 1 to 31 (or -1 for the last day)",
  byMonthDayWeekly: "Repeat rule BYMONTHDAY is for FREQ=MONTHLY only",
  count: `Repeat rule COUNT must be a whole number from 1 to ${SERIES_COUNT_MAX}`,
  until: "Repeat rule UNTIL must be a date, yyyyMMdd",
  countAndUntil: "Repeat rule must not have both COUNT and UNTIL",
  tooLong: `Repeat rule must be ${RRULE_LENGTH_MAX} characters or less`,
  noDate: `Repeat rule gives no date in the ${FIRST_DATE_WITHIN_YEARS} years from the start date`,
} as const;

type Parsed = { ok: true; rule: RepeatRule } | { ok: false; message: string };

const KNOWN_PARTS = ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "COUNT", "UNTIL"] as const;
const WHOLE = /^\d{1,4}$/;
const BYDAY_ITEM = /^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$/;
const MONTHDAY_ITEM = /^(-?)(\d{1,2})$/;
const UNTIL_PATTERN = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/;

const fail = (message: string): Parsed => ({ ok: false, message });

function wholeIn(text: string, min: number, max: number): number | null {
  if (!WHOLE.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

function readByDay(text: string, freq: SeriesFrequency): RepeatRule["byDay"] | string {
  const days: RepeatRule["byDay"] = [];
  for (const item of text.split(",")) {
    const match = BYDAY_ITEM.exec(item);
    if (!match) return RRULE_MESSAGES.byDay;
    if (match[1] && freq !== "MONTHLY") return RRULE_MESSAGES.byDayOrdinal;
    days.push({ weekday: match[2] as RRuleWeekday, nth: match[1] ? Number(match[1]) : null });
  }
  return days;
}

function readByMonthDay(text: string): number[] | string {
  const days: number[] = [];
  for (const item of text.split(",")) {
    const match = MONTHDAY_ITEM.exec(item);
    const day = match ? Number(match[2]) : 0;
    if (!match || day < 1 || day > 31) return RRULE_MESSAGES.byMonthDay;
    days.push(match[1] ? -day : day);
  }
  return days;
}

function readUntil(text: string): string | null {
  const match = UNTIL_PATTERN.exec(text);
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  return calendarDate("Until").safeParse(date).success ? date : null;
}

/** Reads `text` (with or without a leading "RRULE:") into its parts, or says what is wrong. */
export function parseRepeatRule(text: string): Parsed {
  if (text.length > RRULE_LENGTH_MAX) return fail(RRULE_MESSAGES.tooLong);
  const body = text.trim().replace(/^RRULE:/i, "");
  if (body === "") return fail(RRULE_MESSAGES.required);
  if (/DTSTART/i.test(body)) return fail(RRULE_MESSAGES.dtstart);
  const parts = new Map<string, string>();
  for (const part of body.split(";")) {
    const [name, value, ...rest] = part.split("=");
    if (!name || value === undefined || value === "" || rest.length > 0)
      return fail(RRULE_MESSAGES.malformed);
    const key = name.trim().toUpperCase();
    if (!(KNOWN_PARTS as readonly string[]).includes(key)) return fail(RRULE_MESSAGES.unsupported(key));
    if (parts.has(key)) return fail(RRULE_MESSAGES.repeated(key));
    parts.set(key, value.trim().toUpperCase());
  }
  const freq = parts.get("FREQ");
  if (!freq || !(SERIES_FREQUENCIES as readonly string[]).includes(freq)) return fail(RRULE_MESSAGES.freq);
  const rule: RepeatRule = {
    freq: freq as SeriesFrequency,
    interval: 1,
    byDay: [],
    byMonthDay: [],
    count: null,
    until: null,
  };
  const interval = parts.get("INTERVAL");
  if (interval !== undefined) {
    const value = wholeIn(interval, 1, SERIES_INTERVAL_MAX);
    if (value === null) return fail(RRULE_MESSAGES.interval);
    rule.interval = value;
  }
  const byDay = parts.get("BYDAY");
  if (byDay !== undefined) {
    const days = readByDay(byDay, rule.freq);
    if (typeof days === "string") return fail(days);
    rule.byDay = days;
  }
  const byMonthDay = parts.get("BYMONTHDAY");
  if (byMonthDay !== undefined) {
    if (rule.freq !== "MONTHLY") return fail(RRULE_MESSAGES.byMonthDayWeekly);
    const days = readByMonthDay(byMonthDay);
    if (typeof days === "string") return fail(days);
    rule.byMonthDay = days;
  }
  const count = parts.get("COUNT");
  const until = parts.get("UNTIL");
  if (count !== undefined && until !== undefined) return fail(RRULE_MESSAGES.countAndUntil);
  if (count !== undefined) {
    rule.count = wholeIn(count, 1, SERIES_COUNT_MAX);
    if (rule.count === null) return fail(RRULE_MESSAGES.count);
  }
  if (until !== undefined) {
    rule.until = readUntil(until);
    if (rule.until === null) return fail(RRULE_MESSAGES.until);
  }
  return { ok: true, rule };
}

/** The rule's text as stored: parts in a fixed order, upper case, no "RRULE:". */
export function formatRepeatRule(rule: RepeatRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay.length > 0) {
    parts.push(`BYDAY=${rule.byDay.map((day) => `${day.nth ?? ""}${day.weekday}`).join(",")}`);
  }
  if (rule.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(",")}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until.replaceAll("-", "")}`);
  return parts.join(";");
}

/** The rule as a request sends it; answers the stored, normalised text. */
export const ZRepeatRule = z.string({ message: RRULE_MESSAGES.required }).transform((text, ctx) => {
  const parsed = parseRepeatRule(text);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }
  return formatRepeatRule(parsed.rule);
});

/**
 * The choices a series decides (shared-types/src/job-fields.ts), such as the priority: left
 * out, a new series takes the field's initial value and an edit leaves it as it is.
 */
const seriesChoices = Object.fromEntries(
  Object.entries(JOB_CHOICE_SCHEMAS).flatMap(([name, schema]) =>
    (SERIES_FIELDS as readonly string[]).includes(name) ? [[name, schema.optional()]] : [],
  ),
) as { [K in Extract<SeriesField, JobChoiceField>]: z.ZodOptional<(typeof JOB_CHOICE_SCHEMAS)[K]> };

/** POST /api/job-series: what every occurrence is made of, the first date and the rule. */
const ZJobSeriesFields = z.object({
  ...seriesChoices,
  companyId: ZCompanyId.optional(),
  employeeId: canonicalId({
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? "Employee is required" : "Employee is not valid",
  }),
  type: z.enum(JOB_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? "Job type is required" : "Job type is not valid",
  }),
  location: z
    .string({ message: "Location is required" })
    .trim()
    .min(1, { message: "Location is required" })
    .max(200, { message: "Location must be 200 characters or less" }),
  description: z
    .string()
    .trim()
    .max(2000, { message: "Description must be 2000 characters or less" })
    .nullish()
    .transform((value) => value || null),
  time: ZTime,
  /** Left out: the company's default length for the job type. */
  durationMinutes: ZDurationMinutes.optional(),
  /** The customer every occurrence is for (docs/customers.md). */
  customerId: z
    .union([canonicalId({ message: "Customer is not valid" }), z.literal("")])
    .nullish()
    .transform((value) => value || null),
  /** The customer's contact, carried to every occurrence as a single job carries it. */
  customerEmail: ZJobFields.shape.customerEmail,
  customerPhone: ZJobFields.shape.customerPhone,
  /** Skills every occurrence needs; left out: the job type's default on create, unchanged on edit. */
  requiredSkills: ZJobFields.shape.requiredSkills,
  /** The window promised for every occurrence; left out: none on create, unchanged on edit. */
  arrivalWindow: ZJobFields.shape.arrivalWindow,
  flexible: ZJobFields.shape.flexible,
  startDate: calendarDate("Start date"),
  rrule: ZRepeatRule,
});
/**
 * Whether a checked rule started on `startDate` gives a date (else RRULE_MESSAGES.noDate).
 * An UNTIL before the start counts as giving one: it has its own message, from the commands.
 */
export function givesFirstDate(rrule: string, startDate: string): boolean {
  const parsed = parseRepeatRule(rrule);
  if (!parsed.ok || (parsed.rule.until !== null && parsed.rule.until < startDate)) return true;
  return hasFirstDate(parsed.rule, startDate);
}

export const ZJobSeriesCreate = ZJobSeriesFields.refine(
  // The rule was checked and normalised above; a series must make at least one job.
  (series) => givesFirstDate(series.rrule, series.startDate),
  { message: RRULE_MESSAGES.noDate, path: ["rrule"] },
);
export type TJobSeriesCreate = z.infer<typeof ZJobSeriesCreate>;

export const SERIES_SCOPES = ["this", "following", "all"] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

/**
 * `?scope=this|following|all&includeDetached=true` on PUT and DELETE /api/jobs/:id. A job
 * outside any series ignores both.
 */
export const ZSeriesScopeQuery = z.object({
  scope: z.enum(SERIES_SCOPES, { message: "Scope must be this, following or all" }).default("this"),
  includeDetached: z
    .enum(["true", "false"], { message: "includeDetached must be true or false" })
    .optional()
    .transform((value) => value === "true"),
});
export type TSeriesScopeQuery = z.infer<typeof ZSeriesScopeQuery>;

/** POST /api/job-series answers the series id and how many occurrences were made. */
export const ZJobSeriesCreated = z.object({ id: ZRowId, created: z.int() }).meta({ id: "JobSeriesCreated" });
export type JobSeriesCreatedDTO = z.infer<typeof ZJobSeriesCreated>;

/**
 * PUT /api/job-series/:id: the series from the date `from` on (docs/schedule.md).
 * Every field but `from` and `version` may be left out: left out, it stays. A new
 * rule makes the occurrences from `from` on again; past and completed ones stay, and those
 * changed on their own stay unless `includeDetached`.
 */
export const ZJobSeriesUpdate = ZJobSeriesFields.omit({ startDate: true })
  .partial()
  .extend({
    from: calendarDate("From"),
    version: z
      .number({ message: "Version is required" })
      .int({ message: "Version must be a whole number" })
      .min(1, { message: "Version must be a whole number" }),
    includeDetached: z.boolean({ message: "includeDetached must be true or false" }).default(false),
  });
export type TJobSeriesUpdate = z.infer<typeof ZJobSeriesUpdate>;

/** A recurring job as GET and PUT /api/job-series/:id answer it. */
export const ZJobSeries = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    employeeId: ZRowId,
    type: z.string(),
    location: z.string(),
    description: z.string().nullable(),
    time: ZTime,
    durationMinutes: z.int(),
    customerId: ZRowId.nullable(),
    customerEmail: z.string().nullable(),
    customerPhone: z.string().nullable(),
    requiredSkills: z.array(z.string()).describe("The company skills every occurrence needs"),
    arrivalWindow: z.object({ start: ZTime, end: ZTime }).nullable(),
    flexible: z.boolean(),
    startDate: ZDateText,
    rrule: z.string(),
    shiftDays: z
      .int()
      .describe(
        'Days every occurrence is moved from its rule date by a "this and following"/"all" date change',
      ),
    endedAt: ZMomentText.nullable(),
    version: z.int(),
  })
  .meta({ id: "JobSeries" });
export type JobSeriesDTO = z.infer<typeof ZJobSeries>;
