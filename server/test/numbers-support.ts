/**
 * A company in America/Chicago with a known week, 2026-03-02 to 2026-03-08 (daylight saving
 * starts on the Sunday, 02:00 CST -> 03:00 CDT), and the week before: the answers the
 * numbers tests expect are worked out by hand in docs/numbers.md's rules.
 */
import { paidOnSql } from "@sched/core/commands/invoice-settlement";
import { db } from "@sched/core/db/client";
import {
  callRecords,
  creditNotes,
  customers,
  invoiceJobs,
  invoices,
  jobMoves,
  jobs,
  jobTaps,
  payments,
} from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildUnscheduledJob } from "@sched/core/test/factories";
import { eq, sql } from "drizzle-orm";
import { buildEntry, buildLinkedTenant } from "./timesheets-support";

export const WEEK = { from: "2026-03-02", to: "2026-03-08" };

export async function call(
  companyId: string,
  callDate: string,
  overrides: Partial<typeof callRecords.$inferInsert> = {},
) {
  const [row] = await db
    .insert(callRecords)
    .values({
      companyId,
      customerName: "Caller",
      customerPhone: "555-0100",
      callDate,
      callTime: "09:00",
      ...overrides,
    })
    .returning();
  return row;
}

/** A tap as record-job-taps.ts writes it: in job_taps, and a Start kept on the job if it is its first. */
async function tap(companyId: string, employeeId: string, jobId: string, kind: string, at: string) {
  await db.insert(jobTaps).values({ companyId, employeeId, jobId, kind, at: new Date(at) });
  if (kind !== "start") return;
  await db
    .update(jobs)
    .set({ tappedStartAt: sql`least(coalesce(${jobs.tappedStartAt}, ${new Date(at)}), ${new Date(at)})` })
    .where(eq(jobs.id, jobId));
}

async function customer(companyId: string, name: string) {
  const [row] = await db.insert(customers).values({ companyId, name }).returning();
  return row;
}

let invoiceNumber = 0;
async function invoice(
  companyId: string,
  issuedOn: string,
  dueOn: string,
  money: { total: number; paid?: number; credited?: number; status: string; customerId?: string },
) {
  invoiceNumber += 1;
  const [row] = await db
    .insert(invoices)
    .values({
      companyId,
      number: invoiceNumber,
      currency: "USD",
      pricesIncludeTax: false,
      subtotal: money.total,
      tax: 0,
      issuedOn,
      dueOn,
      ...money,
    })
    .returning();
  return row;
}

/** A payment received on a day (created in call order), and the jobs an invoice bills. */
async function payment(
  invoice: { id: string; companyId: string },
  receivedOn: string,
  amount: number,
  refunded = 0,
) {
  await db.insert(payments).values({
    companyId: invoice.companyId,
    invoiceId: invoice.id,
    amount,
    refunded,
    currency: "USD",
    method: "cash",
    receivedOn,
  });
}
/** The day a paid invoice was paid, kept on it as invoice-settlement.ts does once its money is in. */
async function settle(invoice: { id: string; total: number }) {
  await db
    .update(invoices)
    .set({ paidOn: sql`(${paidOnSql(invoice.id, invoice.total)})` })
    .where(eq(invoices.id, invoice.id));
}
async function bill(invoice: { id: string; companyId: string }, jobId: string) {
  await db.insert(invoiceJobs).values({ invoiceId: invoice.id, jobId, companyId: invoice.companyId });
}

const place = (lat: number, lng: number) => ({
  placeLat: lat,
  placeLng: lng,
  placePrecision: "manual" as const,
});

/** The seeded company (times in comments are Chicago's wall clock). */
export async function buildNumbersCompany() {
  const tenant = await buildLinkedTenant({ timeZone: "America/Chicago" });
  const companyId = tenant.company.id;
  const pat = tenant.employee;
  const bo = await buildEmployee(companyId, { name: "Bo Builder", initials: "BB" });
  const xavier = await customer(companyId, "Xavier Repeat");
  const yolanda = await customer(companyId, "Yolanda Follow");

  // The week before: one call booked into a job done on 02-25 for Xavier.
  const previousCall = await call(companyId, "2026-02-26");
  await buildJob(companyId, pat.id, {
    date: "2026-02-25",
    time: "09:00",
    status: "completed",
    customerId: xavier.id,
    callRecordId: previousCall.id,
  });

  // Calls of the week: booked, estimate, a follow-up (Yolanda has a job on 03-10), no job; one on 03-09.
  const booked = await call(companyId, "2026-03-02");
  await call(companyId, "2026-03-03", { serviceType: "estimate" });
  await call(companyId, "2026-03-04", { customerId: yolanda.id, customerName: "Yolanda Follow" });
  await call(companyId, "2026-03-05");
  await call(companyId, "2026-03-09");
  await buildJob(companyId, pat.id, { date: "2026-03-10", time: "09:00", customerId: yolanda.id });

  // Pat, Tuesday 03-03: clocked 08:00-16:00 (480 min); j1 at 09:00 started 09:05 (on time), done 11:05 (120 min);
  // j7 at 14:00 about 8.4 km east of j1: 24 min of estimated drive.
  await buildEntry(companyId, pat.id, "2026-03-03T14:00:00Z", "2026-03-03T22:00:00Z");
  const j1 = await buildJob(companyId, pat.id, {
    date: "2026-03-03",
    time: "09:00",
    status: "completed",
    completedAt: new Date("2026-03-03T17:05:00Z"),
    ...place(41, -87),
  });
  await tap(companyId, pat.id, j1.id, "start", "2026-03-03T15:05:00Z");
  await tap(companyId, pat.id, j1.id, "complete", "2026-03-03T17:05:00Z");
  await buildJob(companyId, pat.id, { date: "2026-03-03", time: "14:00", ...place(41, -86.9) });

  // Pat, Wednesday 03-04: j2 at 10:00 for Xavier started 10:25 (25 min late), not clocked; a night
  // job j6 at 23:00 (started on time) worked to 01:00 Thursday inside a day clocked 20:00-02:00 (360 min, 120 on the job).
  const j2 = await buildJob(companyId, pat.id, {
    date: "2026-03-04",
    time: "10:00",
    status: "completed",
    customerId: xavier.id,
  });
  await tap(companyId, pat.id, j2.id, "start", "2026-03-04T16:25:00Z");
  await tap(companyId, pat.id, j2.id, "complete", "2026-03-04T17:00:00Z");
  await buildEntry(companyId, pat.id, "2026-03-05T02:00:00Z", "2026-03-05T08:00:00Z");
  const j6 = await buildJob(companyId, pat.id, { date: "2026-03-04", time: "23:00", status: "completed" });
  await tap(companyId, pat.id, j6.id, "start", "2026-03-05T05:00:00Z");
  await tap(companyId, pat.id, j6.id, "complete", "2026-03-05T07:00:00Z");

  // Pat, Friday 03-06: the job booked from the call, moved from 13:00 to 15:00.
  const j5 = await buildJob(companyId, pat.id, {
    date: "2026-03-06",
    time: "13:00",
    callRecordId: booked.id,
  });
  await db.update(jobs).set({ time: "15:00" }).where(eq(jobs.id, j5.id));
  await db
    .update(jobMoves)
    .set({ movedAt: new Date("2026-03-05T18:00:00Z") })
    .where(eq(jobMoves.jobId, j5.id));

  // Bo, Sunday 03-08 (the change): clocked 01:00 CST-05:00 CDT (180 real minutes) and 10:00-12:00 CDT
  // (120); j3 with the window 08:00-10:00 started 10:30 CDT (30 min late; 10:30 CST would be on time), done 11:30.
  await buildEntry(companyId, bo.id, "2026-03-08T07:00:00Z", "2026-03-08T10:00:00Z");
  await buildEntry(companyId, bo.id, "2026-03-08T15:00:00Z", "2026-03-08T17:00:00Z");
  const j3 = await buildJob(companyId, bo.id, {
    date: "2026-03-08",
    time: "09:00",
    status: "in_progress",
    arrivalWindow: { start: "08:00", end: "10:00" },
  });
  await tap(companyId, bo.id, j3.id, "start", "2026-03-08T15:30:00Z");
  await tap(companyId, bo.id, j3.id, "complete", "2026-03-08T16:30:00Z");
  // Bo's cancelled job, though started, is not judged.
  const j4 = await buildJob(companyId, bo.id, { date: "2026-03-05", time: "14:00", status: "cancelled" });
  await tap(companyId, bo.id, j4.id, "start", "2026-03-05T21:00:00Z");
  await tap(companyId, bo.id, j4.id, "complete", "2026-03-05T21:30:00Z");

  // The tray: one job waiting since 02-20 (over a week at both periods' ends), one since 03-05.
  await buildUnscheduledJob(companyId, { createdAt: new Date("2026-02-20T15:00:00Z") });
  await buildUnscheduledJob(companyId, { createdAt: new Date("2026-03-05T15:00:00Z") });

  // Invoices: paid in full; part paid, part credited and overdue; a draft and a void (not counted);
  // the week before, one unpaid and overdue.
  // Days to paid: j1's invoice, done 03-03, paid 4,000 on 03-04 and the rest on 03-06 (3 days); an
  // invoice issued 02-10 for a job done 02-09 21:00 CST (02-10 in UTC), paid 3,000 on 03-02 of which
  // 1,000 refunded, then 1,000 on 03-07 (26 days, not 25, not counted from 03-02): 14.5 on average.
  const paidInFull = await invoice(companyId, "2026-03-03", "2026-03-17", {
    total: 10_000,
    paid: 10_000,
    status: "paid",
  });
  await bill(paidInFull, j1.id);
  await payment(paidInFull, "2026-03-04", 4_000);
  await payment(paidInFull, "2026-03-06", 6_000);
  await settle(paidInFull);
  const early = await buildJob(companyId, pat.id, {
    date: "2026-02-09",
    time: "18:00",
    status: "completed",
    completedAt: new Date("2026-02-10T03:00:00Z"),
  });
  const paidLate = await invoice(companyId, "2026-02-10", "2026-02-24", {
    total: 3_000,
    paid: 3_000,
    status: "paid",
  });
  await bill(paidLate, early.id);
  await payment(paidLate, "2026-03-02", 3_000, 1_000);
  await payment(paidLate, "2026-03-07", 1_000);
  await settle(paidLate);
  // Closed by a credit note after a payment in the week: settled, not paid, so not counted.
  const credited = await invoice(companyId, "2026-02-10", "2026-02-24", {
    total: 1_000,
    paid: 600,
    credited: 400,
    status: "paid",
  });
  const earlyToo = await buildJob(companyId, bo.id, {
    date: "2026-02-09",
    status: "completed",
    completedAt: new Date("2026-02-09T18:00:00Z"),
  });
  await bill(credited, earlyToo.id);
  await payment(credited, "2026-03-03", 600);
  await db.insert(creditNotes).values({
    companyId,
    invoiceId: credited.id,
    number: 1,
    amount: 400,
    currency: "USD",
    reason: "Goodwill",
    issuedOn: "2026-03-05",
  });
  await settle(credited);
  const partlyPaid = await invoice(companyId, "2026-03-05", "2026-03-06", {
    total: 5_000,
    paid: 1_000,
    credited: 500,
    status: "partly_paid",
    customerId: xavier.id,
  });
  await bill(partlyPaid, j2.id);
  await payment(partlyPaid, "2026-03-05", 1_000);
  await invoice(companyId, "2026-03-04", "2026-03-18", { total: 9_999, status: "draft" });
  await invoice(companyId, "2026-03-04", "2026-03-18", { total: 7_777, status: "void" });
  await invoice(companyId, "2026-02-24", "2026-03-10", { total: 2_000, status: "sent" });

  return { ...tenant, pat, bo, j2, j3, j5, paidInFull, paidLate, partlyPaid };
}

/** Another company with the same kind of week: none of it may be counted. */
export async function buildOtherCompany() {
  const tenant = await buildLinkedTenant({ timeZone: "America/Chicago" });
  const companyId = tenant.company.id;
  const employeeId = tenant.employee.id;
  await call(companyId, "2026-03-03");
  await buildEntry(companyId, employeeId, "2026-03-03T14:00:00Z", "2026-03-03T22:00:00Z");
  const job = await buildJob(companyId, employeeId, {
    date: "2026-03-03",
    time: "09:00",
    status: "completed",
  });
  await tap(companyId, employeeId, job.id, "start", "2026-03-03T16:00:00Z");
  await buildJob(companyId, employeeId, { date: "2026-03-04", time: "09:00", status: "cancelled" });
  await buildUnscheduledJob(companyId, { createdAt: new Date("2026-02-01T15:00:00Z") });
  await invoice(companyId, "2026-03-03", "2026-03-04", { total: 1_234, status: "sent" });
  // Paid in the week, a month after its job: never in the seeded company's days to paid.
  const paid = await invoice(companyId, "2026-02-01", "2026-02-15", {
    total: 500,
    paid: 500,
    status: "paid",
  });
  const old = await buildJob(companyId, employeeId, {
    date: "2026-02-01",
    status: "completed",
    completedAt: new Date("2026-02-01T18:00:00Z"),
  });
  await bill(paid, old.id);
  await payment(paid, "2026-03-04", 500);
  await settle(paid);
  return tenant;
}
