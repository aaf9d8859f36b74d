/**
 * Finding customers and reading one with their history (docs/customers.md). The search
 * matches a LIKE pattern on `search_text`, which the trigram index answers without reading
 * the company's other customers; the bench (bench/src/customers.ts) measures it.
 */
import {
  type CallRecordDTO,
  type CustomerDetailDTO,
  type CustomerDTO,
  can,
  dateIn,
  type JobDTO,
} from "@sched/shared-types";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { db } from "../db/client";
import { callRecords, companyUsers, customers, jobs } from "../db/schema";
import { searchPattern } from "../lib/search-text";
import type { CompanyAccess } from "../policies/company-access";
import { presentCallRecord } from "../presenters/call-records";
import { presentCustomer } from "../presenters/customers";
import { presentJob } from "../presenters/jobs";
import { loadCompanySettings } from "./company-settings";

type CustomerRow = typeof customers.$inferSelect;

/**
 * The jobs a member may see a customer through: every job for the office; for anyone
 * else (a technician), only the jobs of the roster employee they are linked to, past and
 * upcoming. An unlinked technician has none (docs/my-day.md).
 */
function ownJobsOf(member: CompanyAccess): SQL | undefined {
  if (can(member.role, "readAllCustomers")) return undefined;
  return sql`${jobs.employeeId} = (select ${companyUsers.employeeId} from ${companyUsers}
    where ${companyUsers.companyId} = ${member.companyId} and ${companyUsers.userId} = ${member.userId})`;
}

/** Customers the member may see: all of the company's, or those with one of the member's own jobs. */
function visibleTo(member: CompanyAccess): SQL | undefined {
  const ownJobs = ownJobsOf(member);
  if (!ownJobs) return eq(customers.companyId, member.companyId);
  return and(
    eq(customers.companyId, member.companyId),
    sql`exists (select 1 from ${jobs} where ${jobs.companyId} = ${member.companyId}
      and ${jobs.customerId} = ${customers.id} and ${ownJobs})`,
  );
}

/** Whether the member may see this customer of their company (a technician: one of their own jobs'). */
export async function isCustomerVisibleTo(member: CompanyAccess, customerId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), visibleTo(member)))
    .limit(1);
  return found !== undefined;
}

/**
 * Customers whose name, phone, e-mail or address contain `q` (any case, any accents; a
 * phone in any spelling), those whose name starts with it first, then by name. Without
 * `q`, the first `limit` by name. A technician finds only the customers of their own jobs.
 */
export async function searchCustomers(
  member: CompanyAccess,
  q: string | undefined,
  limit: number,
): Promise<CustomerDTO[]> {
  const query = q?.trim();
  const ofCompany = visibleTo(member);
  if (!query) {
    const rows = await db
      .select()
      .from(customers)
      .where(ofCompany)
      .orderBy(asc(customers.name), asc(customers.id))
      .limit(limit);
    return rows.map(presentCustomer);
  }
  const pattern = searchPattern(query);
  // search_text begins with the folded name, so this prefix test is "the name starts with q".
  const namePrefix = `${pattern.slice(1)}`;
  const rows = await db
    .select()
    .from(customers)
    .where(and(ofCompany, sql`${customers.searchText} like ${pattern}`))
    .orderBy(sql`${customers.searchText} like ${namePrefix} desc`, asc(customers.name), asc(customers.id))
    .limit(limit);
  return rows.map(presentCustomer);
}

/** Today in the company's time zone: a job today is still upcoming. */
async function companyToday(companyId: string): Promise<string> {
  const { timeZone } = await loadCompanySettings(companyId);
  return dateIn(new Date(), timeZone);
}

/** The customer's jobs as the API presents them, unscheduled first, then the latest first. */
async function jobsOf(row: CustomerRow, member: CompanyAccess): Promise<JobDTO[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.customerId, row.id), eq(jobs.companyId, row.companyId), ownJobsOf(member)))
    .orderBy(sql`${jobs.date} desc nulls first`, desc(jobs.time), desc(jobs.createdAt));
  return rows.map((job) => presentJob(job, row.name));
}

async function callsOf(row: CustomerRow): Promise<CallRecordDTO[]> {
  const calls = await db
    .select()
    .from(callRecords)
    .where(and(eq(callRecords.customerId, row.id), eq(callRecords.companyId, row.companyId)))
    .orderBy(desc(callRecords.callDate), desc(callRecords.callTime), desc(callRecords.createdAt));
  const booked = await db
    .select({ id: jobs.id, callRecordId: jobs.callRecordId })
    .from(jobs)
    .where(and(eq(jobs.customerId, row.id), eq(jobs.companyId, row.companyId)));
  return calls.map((call) =>
    presentCallRecord(
      call,
      booked.filter((job) => job.callRecordId === call.id).map((job) => job.id),
    ),
  );
}

/**
 * The customer with their upcoming jobs (soonest first), past jobs (latest first) and calls.
 * A technician sees their own jobs there and no calls: the call log is the office's.
 */
export async function customerDetail(row: CustomerRow, member: CompanyAccess): Promise<CustomerDetailDTO> {
  const isOffice = can(member.role, "readAllCustomers");
  const [allJobs, calls, today] = await Promise.all([
    jobsOf(row, member),
    isOffice ? callsOf(row) : [],
    companyToday(row.companyId),
  ]);
  const upcomingJobs = allJobs.filter((job) => job.date === null || job.date >= today).reverse();
  const pastJobs = allJobs.filter((job) => job.date !== null && job.date < today);
  return { ...presentCustomer(row), upcomingJobs, pastJobs, calls };
}
