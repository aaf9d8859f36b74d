/**
 * Who records a payment on an invoice (docs/money.md): owners and admins on any invoice of
 * the company; a technician (linked to a roster employee) only on an invoice of one of their
 * own jobs, as when taking cash at the door. The same people read an invoice's payments,
 * also after a trial has ended, like every other reading.
 */
import { can, NOT_YOUR_JOB, PAYMENT_NOT_YOUR_INVOICE } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { invoiceJobs, jobs } from "../db/schema";
import { Forbidden } from "../errors";
import { authorize } from "./authorize";
import type { CompanyAccess } from "./company-access";
import { linkedEmployeeOf } from "./job-progress";

export async function assertTakesPayment(
  member: CompanyAccess,
  invoice: { id: string; companyId: string },
  mode: "record" | "read" = "record",
  executor: Executor = db,
): Promise<void> {
  const office = can(member.role, "manageMoney");
  // The role decides whose invoices; authorize adds the company and, for a change, the trial.
  authorize(member, mode === "read" ? "read" : office ? "manageMoney" : "progressJobs", invoice);
  if (office) return;
  const linked = await linkedEmployeeOf(executor, member);
  if (!linked) throw new Forbidden(PAYMENT_NOT_YOUR_INVOICE);
  const [own] = await executor
    .select({ jobId: jobs.id })
    .from(invoiceJobs)
    .innerJoin(jobs, eq(jobs.id, invoiceJobs.jobId))
    .where(and(eq(invoiceJobs.invoiceId, invoice.id), eq(jobs.employeeId, linked)))
    .limit(1);
  if (!own) throw new Forbidden(PAYMENT_NOT_YOUR_INVOICE);
}

/**
 * Who reads where a job's invoice stands (GET /api/jobs/:id/invoice): who may take a payment
 * for the job. Owners and admins on any job of the company; a technician linked to a roster
 * employee on their own jobs only (403 "This job is not assigned to you"), the rule above.
 */
export async function assertTakesPaymentForJob(
  member: CompanyAccess,
  job: { companyId: string; employeeId: string | null },
  executor: Executor = db,
): Promise<void> {
  authorize(member, "read", job);
  if (can(member.role, "manageMoney")) return;
  const linked = await linkedEmployeeOf(executor, member);
  if (!linked || job.employeeId !== linked) throw new Forbidden(NOT_YOUR_JOB);
}
