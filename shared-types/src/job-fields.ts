/**
 * A job's fields, each described once: its words, where the cards show it, whether a
 * recurring series or a saved template carries it, and whether the CSV and the print sheet
 * have it. The cards, the exports, series and templates read this list instead of naming
 * fields themselves; adding a field to a job: docs/architecture.md.
 */
import type { JobStatus, PaymentStatus } from "./constants";

export const JOB_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type JobPriority = (typeof JOB_PRIORITIES)[number];

/** The colours a value shows in, in the board's words (each screen maps them to its own). */
export type JobFieldTone = "grey" | "blue" | "green" | "yellow" | "orange" | "red";

/** One value of a choice: its words, its colour, and its words on a tag when they need the field's name. */
export type JobFieldChoice = { label: string; tone: JobFieldTone; tag?: string };

export type JobFieldSpec = {
  label: string;
  /**
   * On the cards (board, timeline, My Day): "line", placed by each card's own layout;
   * "tag", one of the tags every card shows in this list's order; "hidden", the dialog only.
   */
  card: "line" | "tag" | "hidden";
  /** A recurring series decides it for every occurrence (docs/schedule.md). */
  series: boolean;
  /** A saved template carries it to the weeks it is applied to (docs/roster-templates-history.md). */
  template: boolean;
  /** The schedule CSV's column header, or false for none. */
  csv: string | false;
  /** On the print sheet: "line", placed by the sheet; "meta", in the job's grey summary line. */
  print: "line" | "meta" | false;
  /** Money: shown as currency (the CSV keeps the plain decimal). */
  money?: boolean;
  /** A fixed list of values, in order; `initial` is what a new job gets. */
  choices?: Readonly<Record<string, JobFieldChoice>>;
  initial?: string;
  /** A tag left off while the value is `initial`, so cards carry what stands out. */
  quietInitial?: boolean;
  /** The board can show only the jobs with some of its values. */
  filter?: boolean;
  /** A list of names (the skills a job needs): read joined by commas, none when empty. */
  list?: boolean;
};

const STATUS_CHOICES = {
  scheduled: { label: "Scheduled", tone: "grey" },
  in_progress: { label: "In Progress", tone: "blue" },
  completed: { label: "Completed", tone: "green" },
  cancelled: { label: "Cancelled", tone: "red" },
} as const satisfies Record<JobStatus, JobFieldChoice>;

const PAYMENT_CHOICES = {
  pending: { label: "Pending", tone: "yellow" },
  billed: { label: "Billed", tone: "blue" },
  paid: { label: "Paid", tone: "green" },
  overdue: { label: "Overdue", tone: "red" },
} as const satisfies Record<PaymentStatus, JobFieldChoice>;

const PRIORITY_CHOICES = {
  low: { label: "Low", tone: "grey", tag: "Low priority" },
  normal: { label: "Normal", tone: "blue", tag: "Normal priority" },
  high: { label: "High", tone: "orange", tag: "High priority" },
  urgent: { label: "Urgent", tone: "red" },
} as const satisfies Record<JobPriority, JobFieldChoice>;

/** In the order the CSV's columns and the cards' tags take. */
export const JOB_FIELDS = {
  employeeId: { label: "Employee", card: "hidden", series: true, template: true, csv: false, print: false },
  time: { label: "Time", card: "line", series: true, template: true, csv: false, print: "line" },
  durationMinutes: {
    label: "Duration",
    card: "line",
    series: true,
    template: false,
    csv: "Length (min)",
    print: "line",
  },
  type: { label: "Type", card: "line", series: true, template: true, csv: "Type", print: "line" },
  location: { label: "Location", card: "line", series: true, template: true, csv: "Location", print: "line" },
  status: {
    label: "Status",
    card: "line",
    series: false,
    template: false,
    csv: "Status",
    print: "meta",
    choices: STATUS_CHOICES,
    initial: "scheduled",
  },
  paymentStatus: {
    label: "Payment",
    card: "tag",
    series: false,
    template: false,
    csv: "Payment Status",
    print: "meta",
    choices: PAYMENT_CHOICES,
    initial: "pending",
  },
  amount: {
    label: "Amount",
    card: "tag",
    series: false,
    template: true,
    csv: "Amount",
    print: "meta",
    money: true,
  },
  customerName: {
    label: "Customer",
    card: "line",
    series: false,
    template: false,
    csv: "Customer",
    print: "line",
  },
  customerId: { label: "Customer", card: "hidden", series: true, template: true, csv: false, print: false },
  customerEmail: {
    label: "Customer email",
    card: "hidden",
    series: true,
    template: true,
    csv: "Customer Email",
    print: false,
  },
  customerPhone: {
    label: "Customer phone",
    card: "line",
    series: true,
    template: true,
    csv: "Customer Phone",
    print: "line",
  },
  description: {
    label: "Description",
    card: "line",
    series: true,
    template: true,
    csv: "Description",
    print: "line",
  },
  priority: {
    label: "Priority",
    card: "tag",
    series: true,
    template: true,
    csv: "Priority",
    print: "meta",
    choices: PRIORITY_CHOICES,
    initial: "normal",
    quietInitial: true,
    filter: true,
  },
  /** Company skills the job needs (docs/schedule.md, "Skills"): a list, shown as "Needs gas". */
  requiredSkills: {
    label: "Skills needed",
    card: "tag",
    series: true,
    template: true,
    csv: "Skills needed",
    print: "meta",
    list: true,
  },
  /**
   * The window promised to the customer, "HH:mm" to "HH:mm" (docs/schedule.md, "Optimize a
   * day"): the optimizer keeps the start inside it; the cards say "Arrive 9–11 AM".
   */
  arrivalWindow: {
    label: "Arrival window",
    card: "line",
    series: true,
    template: true,
    csv: "Arrival window",
    print: "meta",
  },
  /** Any time that day: the optimizer may move it within the hours, or to another technician. */
  flexible: {
    label: "Any time",
    card: "line",
    series: true,
    template: true,
    csv: "Any time",
    print: "meta",
  },
  /** How the job came in (docs/booking.md): set when it is made, never edited; the cards mark `online`. */
  source: {
    label: "Booked",
    card: "hidden",
    series: false,
    template: false,
    csv: false,
    print: false,
  },
} as const satisfies Record<string, JobFieldSpec>;

type Fields = typeof JOB_FIELDS;
export type JobFieldName = keyof Fields;
type FieldsWhere<Flag extends "series" | "template"> = {
  [K in JobFieldName]: Fields[K][Flag] extends true ? K : never;
}[JobFieldName];
/** What a series decides for each occurrence; a series-wide edit changes these. */
export type SeriesField = FieldsWhere<"series">;
/** What a template entry keeps of a job, besides its weekday. */
export type TemplateField = FieldsWhere<"template">;
/** The fields with a fixed list of values. */
export type JobChoiceField = {
  [K in JobFieldName]: Fields[K] extends { choices: object } ? K : never;
}[JobFieldName];

const FIELD_NAMES = Object.keys(JOB_FIELDS) as JobFieldName[];
const spec = (name: JobFieldName): JobFieldSpec => JOB_FIELDS[name];

export const SERIES_FIELDS = FIELD_NAMES.filter((name) => spec(name).series) as readonly SeriesField[];
export const TEMPLATE_FIELDS = FIELD_NAMES.filter((name) => spec(name).template) as readonly TemplateField[];
/**
 * The tags every card shows, in order: first those shown only when they stand out (a
 * priority other than normal), as a narrow card keeps its first tags.
 */
export const CARD_TAG_FIELDS = FIELD_NAMES.filter((name) => spec(name).card === "tag").sort(
  (a, b) => Number(Boolean(spec(b).quietInitial)) - Number(Boolean(spec(a).quietInitial)),
);
/** The schedule CSV's columns after its Date, Day, Employee and Time. */
export const CSV_FIELDS = FIELD_NAMES.filter((name) => spec(name).csv !== false);
/** The print sheet's grey summary line of a job. */
export const PRINT_META_FIELDS = FIELD_NAMES.filter((name) => spec(name).print === "meta");
/** The fields the board filters by. */
export const FILTER_FIELDS = FIELD_NAMES.filter((name) => spec(name).filter) as JobChoiceField[];
export const CHOICE_FIELDS = FIELD_NAMES.filter((name) => spec(name).choices) as JobChoiceField[];

/** The fields a new job starts with: each choice's `initial`. */
export const JOB_FIELD_INITIALS = Object.fromEntries(
  CHOICE_FIELDS.map((name) => [name, spec(name).initial]),
) as { [K in JobChoiceField]: keyof Fields[K]["choices"] };

/** A choice's words and colour; an unknown value reads as itself, in grey. */
export function jobChoice(name: JobChoiceField, value: string): JobFieldChoice {
  const choices: Readonly<Record<string, JobFieldChoice>> = JOB_FIELDS[name].choices;
  return choices[value] ?? { label: value, tone: "grey" };
}

/** A value's colour: a choice's tone, none for other fields. */
export function jobFieldTone(name: JobFieldName, value: unknown): JobFieldTone | null {
  return spec(name).choices ? jobChoice(name as JobChoiceField, String(value)).tone : null;
}

/** Each value of a choice field with its words, in order: the dialog's and the filter's options. */
export function jobChoiceOptions(
  name: JobChoiceField,
): { value: string; label: string; tone: JobFieldTone }[] {
  return Object.entries(JOB_FIELDS[name].choices).map(([value, choice]) => ({ value, ...choice }));
}

/**
 * A field's value in words, as the CSV and the change lists read it: a choice's label, a
 * number or text as it is, nothing for none. Money stays the plain decimal here.
 */
export function jobFieldText(name: JobFieldName, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  // "Any time": said when it is so, nothing otherwise (the CSV's cell stays empty).
  if (typeof value === "boolean") return value ? "Yes" : "";
  if (isWindow(value)) return `${value.start}–${value.end}`;
  if (spec(name).choices) return jobChoice(name as JobChoiceField, String(value)).label;
  return String(value);
}

/** Whether a card shows `name`'s tag for `value`: set, and not a quiet initial value. */
export function showsCardTag(name: JobFieldName, value: unknown): boolean {
  const field = spec(name);
  if (value === null || value === undefined || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  // A flag ("Any time") stands out only when it is on.
  if (value === false) return false;
  return !(field.quietInitial && value === field.initial);
}

/** An arrival window's shape: `{start, end}` in "HH:mm". */
const isWindow = (value: unknown): value is { start: string; end: string } =>
  typeof value === "object" && value !== null && "start" in value && "end" in value;

/** Two values of a field mean the same: equal, both none, or lists with the same items in order. */
export function sameJobFieldValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => item === b[i]);
  // An arrival window: the same start and end, whatever order the keys were stored in.
  if (isWindow(a) && isWindow(b)) return a.start === b.start && a.end === b.end;
  return (a ?? null) === (b ?? null);
}

/** `fields` of `source`, the ones it has: a series' or a template's share of a job. */
export function pickJobFields<T extends object, K extends JobFieldName & keyof T>(
  source: T,
  fields: readonly K[],
): Pick<T, K> {
  const picked: Partial<Pick<T, K>> = {};
  for (const field of fields) if (field in source) picked[field] = source[field];
  return picked as Pick<T, K>;
}
