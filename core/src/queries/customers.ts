/**
 * Finding customers and reading one with their history (docs/customers.md). The search
 * matches a LIKE pattern on `search_text`, which the trigram index answers without reading
 * the company's other customers; the bench (scripts/bench, "customers") measures it.
 */
import type { CallRecordDTO, CustomerDetailDTO, CustomerDTO, JobDTO } from "@sched/shared-types";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { db } from "../db/client";
import { callRecords, customers, jobs } from "../db/schema";
import { searchPattern } from "../lib/search-text";
import { presentCallRecord } from "../presenters/call-records";
import { presentCustomer } from "../presenters/customers";
import { jobJsonSql } from "../presenters/jobs";
import { loadCompanySettings } from "./company-settings";

type CustomerRow = typeof customers.$inferSelect;

/**
 * Customers whose name, phone, e-mail or address contain `q` (any case, any accents; a
 * phone in any spelling), those whose name starts with it first, then by name. Without
 * `q`, the first `limit` by name.
 */
export async function searchCustomers(
  companyId: string,
  q: string | undefined,
  limit: number,
): Promise<CustomerDTO[]> {
  const query = q?.trim();
  const ofCompany = eq(customers.companyId, companyId);
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
  return DateTime.now().setZone(timeZone).toISODate() ?? new Date().toISOString().slice(0, 10);
}

/** The customer's jobs as the API presents them, built by PostgreSQL like the board's list. */
async function jobsOf(row: CustomerRow): Promise<JobDTO[]> {
  const [result] = await db
    .select({
      json: sql<string>`coalesce(json_agg(${jobJsonSql} order by ${jobs.date} desc nulls first, ${jobs.time} desc, ${jobs.createdAt} desc)::text, '[]')`,
    })
    .from(jobs)
    .where(and(eq(jobs.customerId, row.id), eq(jobs.companyId, row.companyId)));
  return JSON.parse(result?.json ?? "[]") as JobDTO[];
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

/** The customer with their upcoming jobs (soonest first), past jobs (latest first) and calls. */
export async function customerDetail(row: CustomerRow): Promise<CustomerDetailDTO> {
  const [allJobs, calls, today] = await Promise.all([jobsOf(row), callsOf(row), companyToday(row.companyId)]);
  const upcomingJobs = allJobs.filter((job) => job.date === null || job.date >= today).reverse();
  const pastJobs = allJobs.filter((job) => job.date !== null && job.date < today);
  return { ...presentCustomer(row), upcomingJobs, pastJobs, calls };
}
