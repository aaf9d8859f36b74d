/**
 * The owner's numbers (docs/numbers.md): GET /api/numbers, the rows behind one figure and
 * the CSV. A period is two calendar dates, both included, read in the company's time zone.
 */
import { z } from "zod";
import { daysBetween } from "../dates";
import { calendarDate, canonicalId, ZCompanyId } from "./common";
import { INVOICE_STATUSES } from "./invoices";
import { ZMoney } from "./money";

/** The longest period asked for at once: a leap year. */
export const NUMBERS_MAX_DAYS = 366;
export const NUMBERS_TO_BEFORE_FROM = "To must be on or after from";
export const NUMBERS_RANGE_TOO_LONG = `The period can be at most ${NUMBERS_MAX_DAYS} days`;
/** Minutes after the time (or the window's end) a Start still counts as on time. */
export const ON_TIME_GRACE_MINUTES = 10;
/** A job done again for the same customer within this many days counts as a repeat visit. */
export const REPEAT_VISIT_DAYS = 30;
/** Unscheduled jobs waiting longer than this many days. */
export const WAITING_DAYS = 7;

/** Why a call became no job, from what the call log knows (docs/numbers.md). */
export const CALL_NOT_BOOKED_REASONS = ["follow_up", "estimate", "no_job"] as const;
export type CallNotBookedReason = (typeof CALL_NOT_BOOKED_REASONS)[number];

/** The money figures, whose rows are invoices. */
export const NUMBERS_MONEY_FIGURES = ["billed", "paid", "outstanding", "overdue"] as const;
export type NumbersMoneyFigure = (typeof NUMBERS_MONEY_FIGURES)[number];

/** The figures whose rows are the technicians: their job, clocked and drive minutes. */
export const NUMBERS_TECHNICIAN_FIGURES = ["utilization", "drive-share", "revenue-per-hour"] as const;
export type NumbersTechnicianFigure = (typeof NUMBERS_TECHNICIAN_FIGURES)[number];

/** The figures whose rows can be listed: GET /api/numbers/:figure/items (and items.csv). */
export const NUMBERS_FIGURES = [
  "calls",
  "calls-booked",
  "calls-not-booked",
  "on-time",
  "late",
  "done",
  "cancelled",
  "rescheduled",
  "waiting",
  "repeat-visits",
  ...NUMBERS_MONEY_FIGURES,
  "days-to-paid",
  ...NUMBERS_TECHNICIAN_FIGURES,
] as const;
export type NumbersFigure = (typeof NUMBERS_FIGURES)[number];
export const isNumbersMoneyFigure = (figure: NumbersFigure): figure is NumbersMoneyFigure =>
  (NUMBERS_MONEY_FIGURES as readonly string[]).includes(figure);
export const isNumbersTechnicianFigure = (figure: NumbersFigure): figure is NumbersTechnicianFigure =>
  (NUMBERS_TECHNICIAN_FIGURES as readonly string[]).includes(figure);
/** The figures that are the company's money: a technician filter does not narrow their rows. */
export const isNumbersCompanyMoneyFigure = (figure: NumbersFigure) =>
  isNumbersMoneyFigure(figure) || figure === "days-to-paid" || figure === "revenue-per-hour";

const period = {
  companyId: ZCompanyId.optional(),
  from: calendarDate("From"),
  to: calendarDate("To"),
  employeeId: canonicalId({ message: "employeeId must be an employee id" }).optional(),
};

type Period = { from: string; to: string };
function checkPeriod(value: Period, context: z.RefinementCtx) {
  const days = daysBetween(value.from, value.to) + 1;
  if (days < 1) context.addIssue({ code: "custom", path: ["to"], message: NUMBERS_TO_BEFORE_FROM });
  else if (days > NUMBERS_MAX_DAYS)
    context.addIssue({ code: "custom", path: ["to"], message: NUMBERS_RANGE_TOO_LONG });
}

export const ZNumbersQuery = z.object(period).superRefine(checkPeriod);
export type TNumbersQuery = z.infer<typeof ZNumbersQuery>;

export const ZNumbersItemsQuery = z
  .object({
    ...period,
    page: z.coerce.number().int().min(1, { message: "Page must be 1 or more" }).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1, { message: "Page size must be 1 to 200" })
      .max(200, { message: "Page size must be 1 to 200" })
      .default(50),
  })
  .superRefine(checkPeriod);
export type TNumbersItemsQuery = z.infer<typeof ZNumbersItemsQuery>;

export const ZNumbersFigureParams = z.object({
  figure: z.enum(NUMBERS_FIGURES, { message: `Figure must be one of ${NUMBERS_FIGURES.join(", ")}` }),
});

/** A share 0..1 to three places; null when there was nothing to divide by. */
const ZRate = z.number().min(0).nullable();

export const ZCallNumbers = z.object({
  logged: z.number().int(),
  booked: z.number().int(),
  rate: ZRate,
  notBookedByReason: z.object({
    follow_up: z.number().int(),
    estimate: z.number().int(),
    no_job: z.number().int(),
  }),
});

export const ZUtilization = z.object({
  employeeId: z.string(),
  name: z.string(),
  jobMinutes: z.number().int(),
  clockedMinutes: z.number().int(),
  rate: ZRate,
  driveMinutes: z.number().int(),
  driveShare: ZRate,
});

export const ZOnTimeNumbers = z.object({
  jobs: z.number().int(),
  late: z.number().int(),
  averageLateMinutes: z.number().nullable(),
  byEmployee: z.array(
    z.object({
      employeeId: z.string(),
      jobs: z.number().int(),
      late: z.number().int(),
      averageLateMinutes: z.number().nullable(),
    }),
  ),
});

export const ZJobNumbers = z.object({
  done: z.number().int(),
  cancelled: z.number().int(),
  rescheduled: z.number().int(),
  waitingOverAWeek: z.number().int(),
  repeatVisits: z.number().int(),
});

/** Whole minor units of the company's currency (docs/money.md). */
export const ZMoneyNumbers = z.object({
  currency: z.string(),
  billed: z.number().int(),
  paid: z.number().int(),
  outstanding: z.number().int(),
  overdue: z.number().int(),
  daysToPaid: z.number().nullable(),
  /** Billed / hours clocked by the technicians, rounded half-even; null when none were clocked. */
  revenuePerHour: z.number().int().nullable(),
});

const figures = {
  from: z.string(),
  to: z.string(),
  calls: ZCallNumbers,
  utilization: z.array(ZUtilization),
  onTime: ZOnTimeNumbers,
  jobs: ZJobNumbers,
  money: ZMoneyNumbers.optional(),
};
export const ZPeriodNumbers = z.object(figures);
export const ZNumbers = z.object({ ...figures, previous: ZPeriodNumbers });
export type NumbersDTO = z.infer<typeof ZNumbers>;
export type PeriodNumbersDTO = z.infer<typeof ZPeriodNumbers>;

/** One row behind a count: a job or a call, with what makes it count. */
export const ZNumbersJobOrCallItem = z.object({
  kind: z.enum(["job", "call"]),
  id: z.string(),
  date: z.string().nullable(),
  time: z.string().nullable(),
  employeeId: z.string().nullable(),
  label: z.string(),
  customerName: z.string().nullable(),
  detail: z.string(),
});
/** One invoice behind a money figure; balance = total − paid − credited, never below 0. */
export const ZNumbersInvoiceItem = z.object({
  kind: z.literal("invoice"),
  id: z.string(),
  number: z.number().int(),
  customerName: z.string().nullable(),
  issuedOn: z.string(),
  dueOn: z.string(),
  status: z.enum(INVOICE_STATUSES),
  total: ZMoney,
  paid: ZMoney,
  balance: ZMoney,
});
/** One technician behind utilization, drive share or revenue per hour: the minutes they add up to. */
export const ZNumbersTechnicianItem = ZUtilization.omit({ employeeId: true }).extend({
  kind: z.literal("technician"),
  /** The employee's id. */
  id: z.string(),
});
/** One invoice behind days to paid: done (its jobs' latest completion), paid (the settling payment), the days between. */
export const ZNumbersPaidInvoiceItem = z.object({
  kind: z.literal("paid-invoice"),
  id: z.string(),
  number: z.number().int(),
  customerName: z.string().nullable(),
  total: ZMoney,
  doneOn: z.string(),
  paidOn: z.string(),
  days: z.number().int(),
});
export const ZNumbersItem = z.discriminatedUnion("kind", [
  ZNumbersJobOrCallItem,
  ZNumbersInvoiceItem,
  ZNumbersTechnicianItem,
  ZNumbersPaidInvoiceItem,
]);
export const ZNumbersItems = z.object({
  figure: z.enum(NUMBERS_FIGURES),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(ZNumbersItem),
});
export type NumbersItemDTO = z.infer<typeof ZNumbersItem>;
export type NumbersJobOrCallItemDTO = z.infer<typeof ZNumbersJobOrCallItem>;
export type NumbersInvoiceItemDTO = z.infer<typeof ZNumbersInvoiceItem>;
export type NumbersTechnicianItemDTO = z.infer<typeof ZNumbersTechnicianItem>;
export type NumbersPaidInvoiceItemDTO = z.infer<typeof ZNumbersPaidInvoiceItem>;
export type NumbersItemsDTO = z.infer<typeof ZNumbersItems>;
