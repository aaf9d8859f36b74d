/**
 * The call log (docs/call-log.md): customer calls taken by the office, one day at a
 * time. Each record carries the ids of the jobs booked from it (jobs.call_record_id).
 */
import type { CallRecordDTO } from "@sched/shared-types";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { callRecords, jobs } from "../db/schema";
import { presentCallRecord } from "../presenters/call-records";

/** The booked-job ids of each record, aggregated in the same query as the records. */
const bookedJobIds = sql<string[]>`coalesce(
  array_agg(${jobs.id} order by ${jobs.createdAt}) filter (where ${jobs.id} is not null),
  '{}'::uuid[]
)`;

function selectWithBookings() {
  return db
    .select({ record: callRecords, bookedJobIds })
    .from(callRecords)
    .leftJoin(jobs, and(eq(jobs.callRecordId, callRecords.id), eq(jobs.companyId, callRecords.companyId)))
    .$dynamic();
}

/** The day's calls, latest first: the call just taken is the one the office looks at. */
export async function listCallRecords(companyId: string, date: string): Promise<CallRecordDTO[]> {
  const rows = await selectWithBookings()
    .where(and(eq(callRecords.companyId, companyId), eq(callRecords.callDate, date)))
    .groupBy(callRecords.id)
    .orderBy(desc(callRecords.callTime), desc(callRecords.createdAt), asc(callRecords.id));
  return rows.map((row) => presentCallRecord(row.record, row.bookedJobIds));
}

/** One record with its booked jobs (after a change, for the answer and the event); undefined once gone. */
export async function findCallRecord(id: string): Promise<CallRecordDTO | undefined> {
  const [found] = await selectWithBookings().where(eq(callRecords.id, id)).groupBy(callRecords.id);
  return found ? presentCallRecord(found.record, found.bookedJobIds) : undefined;
}
