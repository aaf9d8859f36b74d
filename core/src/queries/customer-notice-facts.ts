/**
 * What the worker reads to decide whether a booking notice still fits and to write it
 * (worker/src/jobs/send-customer-notice.ts, send-cancellation.ts, send-series-notice.ts;
 * docs/customers.md). Everything is reloaded on every delivery, and each read stays inside
 * the notice's company.
 */
import { and, asc, eq, gt, gte, ne } from "drizzle-orm";
import { db } from "../db/client";
import { companies, customerNotices, customers, employees, jobSeries, jobs } from "../db/schema";

export type CustomerNoticeRow = typeof customerNotices.$inferSelect;
export type NoticeSeries = typeof jobSeries.$inferSelect;

export async function loadCustomerNotice(noticeId: string): Promise<CustomerNoticeRow | undefined> {
  const [notice] = await db.select().from(customerNotices).where(eq(customerNotices.id, noticeId));
  return notice;
}

/** The notice's job, its company's name, the technician's and the customer's, or undefined without a job. */
export async function loadNoticeJobFacts(notice: CustomerNoticeRow) {
  if (!notice.jobId) return undefined;
  const [found] = await db
    .select({
      job: jobs,
      companyName: companies.name,
      technicianName: employees.name,
      customerName: customers.name,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(employees, eq(employees.id, jobs.employeeId))
    .leftJoin(customers, and(eq(customers.id, jobs.customerId), eq(customers.companyId, jobs.companyId)))
    .where(and(eq(jobs.id, notice.jobId), eq(jobs.companyId, notice.companyId)));
  return found;
}

/** Whether a newer confirmation of the same job was asked for after this one, on its channel. */
export async function hasLaterConfirmation(notice: CustomerNoticeRow) {
  if (!notice.jobId) return false;
  const [found] = await db
    .select({ id: customerNotices.id })
    .from(customerNotices)
    .where(
      and(
        eq(customerNotices.companyId, notice.companyId),
        eq(customerNotices.jobId, notice.jobId),
        eq(customerNotices.kind, "confirmation"),
        eq(customerNotices.channel, notice.channel),
        ne(customerNotices.id, notice.id),
        gt(customerNotices.createdAt, notice.createdAt),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** The job a notice names, if it still exists in the notice's company. */
export async function loadNoticeJob(notice: CustomerNoticeRow) {
  if (!notice.jobId) return undefined;
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, notice.jobId), eq(jobs.companyId, notice.companyId)));
  return job;
}

/** A customer's name, if they are still the company's. */
export async function customerNameOf(companyId: string, customerId: string): Promise<string | null> {
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
  return customer?.name ?? null;
}

export async function companyNameOf(companyId: string): Promise<string | undefined> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.name;
}

/** The series a series notice is about and its company's name, if it still exists there. */
export async function loadNoticeSeries(notice: CustomerNoticeRow, seriesId: string) {
  const [found] = await db
    .select({ series: jobSeries, companyName: companies.name })
    .from(jobSeries)
    .innerJoin(companies, eq(companies.id, jobSeries.companyId))
    .where(and(eq(jobSeries.id, seriesId), eq(jobSeries.companyId, notice.companyId)));
  return found;
}

/** The dates of the series' next scheduled visits on the board from `today`, at most `limit`. */
export async function nextSeriesVisitDates(
  seriesId: string,
  today: string,
  limit: number,
): Promise<string[]> {
  const next = await db
    .select({ date: jobs.date })
    .from(jobs)
    .where(and(eq(jobs.seriesId, seriesId), eq(jobs.status, "scheduled"), gte(jobs.date, today)))
    .orderBy(asc(jobs.date))
    .limit(limit);
  return next.flatMap((job) => (job.date ? [job.date] : []));
}
