/**
 * Booking-notice test setup: a company with notices on (in a time zone of the test's
 * choosing), a roster employee, and a job booked through the same hook the job commands
 * call after they commit (docs/customers.md).
 */
import { type JobNoticeChange, noticeJobChange } from "@sched/core/customer-notices/record-notice";
import { db } from "@sched/core/db/client";
import { companySettings, customerNotices, jobs } from "@sched/core/db/schema";
import { buildCompany, buildEmployee, buildJob, uniqueEmail } from "@sched/core/test/factories";
import { asc, eq, like } from "drizzle-orm";

type JobInsert = Partial<typeof jobs.$inferInsert>;

export async function noticeCompany(settings: Partial<typeof companySettings.$inferInsert> = {}) {
  const { company, owner } = await buildCompany({ name: "Drip & Drain" });
  await db
    .insert(companySettings)
    // No settle time unless a test asks for one: a change's e-mail goes out at once.
    .values({
      companyId: company.id,
      customerNotices: true,
      timeZone: "America/Chicago",
      noticeSettleMinutes: 0,
      ...settings,
    });
  const employee = await buildEmployee(company.id, { name: "Pat Plumber" });
  return { company, owner, employee };
}

export type NoticeCompany = Awaited<ReturnType<typeof noticeCompany>>;

/** A job booked for a customer e-mail, its confirmation recorded (and queued) as createJob does. */
export async function bookJob(tenant: NoticeCompany, overrides: JobInsert = {}) {
  const email = overrides.customerEmail ?? uniqueEmail("customer");
  const job = await buildJob(tenant.company.id, tenant.employee.id, {
    customerEmail: email,
    location: "12 Elm Street",
    date: "2031-01-14",
    time: "09:00",
    durationMinutes: 90,
    ...overrides,
  });
  await noticeJobChange({ type: "created", job });
  return { job, email };
}

/** Changes a job as updateJob does (next version), then records the notices the change calls for. */
export async function changeJob(jobId: string, fields: JobInsert) {
  const [before] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  const [after] = await db
    .update(jobs)
    .set({ ...fields, version: before.version + 1 })
    .where(eq(jobs.id, jobId))
    .returning();
  const change: JobNoticeChange = { type: "updated", before, after };
  await noticeJobChange(change);
  return after;
}

export const noticesOf = (jobId: string) =>
  db
    .select()
    .from(customerNotices)
    .where(eq(customerNotices.jobId, jobId))
    .orderBy(asc(customerNotices.createdAt));

/** Deletes a job as deleteJob does, then records the cancellation the deletion calls for. */
export async function removeJob(jobId: string) {
  const [deleted] = await db.delete(jobs).where(eq(jobs.id, jobId)).returning();
  await noticeJobChange({ type: "deleted", job: deleted });
}

/** Every notice about a job, its deleted job's cancellations too (found by key). */
export const noticesAbout = (jobId: string) =>
  db
    .select()
    .from(customerNotices)
    .where(like(customerNotices.dedupeKey, `%:${jobId}:%`))
    .orderBy(asc(customerNotices.createdAt));
