/**
 * The call log: customer calls taken by the office, one day at a time. Owners and
 * admins log, edit and delete calls; every member reads them. Each record carries
 * the ids of the jobs booked from it (jobs.call_record_id).
 */
import {
  type TCallDayQuery,
  type TCallRecordCreate,
  type TCallRecordUpdate,
  ZCallDayQuery,
  ZCallRecordCreate,
  ZCallRecordUpdate,
} from "@sched/shared-types";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { Router } from "express";
import { authorize, memberOf, requireCompany } from "../auth/company-access";
import { requireUser } from "../auth/session";
import { db } from "../db/client";
import { callRecords, jobs } from "../db/schema";
import { loadScoped } from "../db/scoped";
import { NotFound } from "../errors";
import { validate } from "../middleware/validate";
import { presentCallRecord } from "../presenters/call-records";
import { publish } from "../realtime/publish";
import { adjustDailyCallCount, callDayOf } from "./daily-calls";

export const callRecordsRouter = Router();

export const CALL_RECORD_NOT_FOUND = "Call record not found";

/** The booked-job ids of each record, aggregated in the same query as the records. */
const bookedJobIds = sql<string[]>`coalesce(
  array_agg(${jobs.id} order by ${jobs.createdAt}) filter (where ${jobs.id} is not null),
  '{}'::uuid[]
)`;

/** One record with its booked jobs (after a change, for the response and the event). */
async function loadWithBookings(id: string) {
  const [found] = await db
    .select({ record: callRecords, bookedJobIds })
    .from(callRecords)
    .leftJoin(jobs, and(eq(jobs.callRecordId, callRecords.id), eq(jobs.companyId, callRecords.companyId)))
    .where(eq(callRecords.id, id))
    .groupBy(callRecords.id);
  return found ? presentCallRecord(found.record, found.bookedJobIds) : undefined;
}

/** Only the fields a caller may set: never the id, company or timestamps. */
function recordValues(body: TCallRecordCreate | TCallRecordUpdate) {
  const {
    customerName,
    customerPhone,
    customerEmail,
    customerAddress,
    serviceType,
    notes,
    callDate,
    callTime,
  } = body;
  return {
    customerName,
    customerPhone,
    customerEmail,
    customerAddress,
    serviceType,
    notes,
    callDate,
    callTime,
  };
}

// The day's calls, latest first: the call just taken is the one the office looks at.
callRecordsRouter.get(
  "/",
  requireUser,
  validate(ZCallDayQuery, "query"),
  requireCompany("read"),
  async (req, res) => {
    const { companyId } = memberOf(req);
    const date = callDayOf(req.query as TCallDayQuery);
    const rows = await db
      .select({ record: callRecords, bookedJobIds })
      .from(callRecords)
      .leftJoin(jobs, and(eq(jobs.callRecordId, callRecords.id), eq(jobs.companyId, callRecords.companyId)))
      .where(and(eq(callRecords.companyId, companyId), eq(callRecords.callDate, date)))
      .groupBy(callRecords.id)
      .orderBy(desc(callRecords.callTime), desc(callRecords.createdAt), asc(callRecords.id));
    res.json(rows.map((row) => presentCallRecord(row.record, row.bookedJobIds)));
  },
);

callRecordsRouter.post(
  "/",
  requireUser,
  validate(ZCallRecordCreate),
  requireCompany("manageCalls"),
  async (req, res) => {
    const { companyId } = memberOf(req);
    const values = recordValues(req.body as TCallRecordCreate);
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(callRecords)
        .values({ ...values, companyId })
        .returning();
      await adjustDailyCallCount(tx, companyId, inserted.callDate, 1);
      return inserted;
    });
    const record = presentCallRecord(row);
    publish(companyId, "callRecord.created", record);
    res.status(201).json(record);
  },
);

callRecordsRouter.put("/:id", requireUser, validate(ZCallRecordUpdate), async (req, res) => {
  const id = req.params.id as string;
  const { member } = await loadScoped(callRecords, id, req.userId!, CALL_RECORD_NOT_FOUND);
  authorize(member, "manageCalls");
  const values = recordValues(req.body as TCallRecordUpdate);
  const isUpdated = await db.transaction(async (tx) => {
    // Locked so that two edits moving the same call cannot both count the move.
    const [locked] = await tx
      .select({ callDate: callRecords.callDate })
      .from(callRecords)
      .where(eq(callRecords.id, id))
      .for("update");
    if (!locked) return false;
    await tx
      .update(callRecords)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(callRecords.id, id));
    // A call moved to another day leaves one day's count and joins the other's.
    if (locked.callDate !== values.callDate) {
      await adjustDailyCallCount(tx, member.companyId, locked.callDate, -1);
      await adjustDailyCallCount(tx, member.companyId, values.callDate, 1);
    }
    return true;
  });
  const record = isUpdated ? await loadWithBookings(id) : undefined;
  if (!record) throw new NotFound(CALL_RECORD_NOT_FOUND);
  publish(member.companyId, "callRecord.updated", record);
  res.json(record);
});

callRecordsRouter.delete("/:id", requireUser, async (req, res) => {
  const id = req.params.id as string;
  const { member } = await loadScoped(callRecords, id, req.userId!, CALL_RECORD_NOT_FOUND);
  authorize(member, "manageCalls");
  // Jobs booked from the call stay on the schedule; their link clears (ON DELETE SET NULL).
  const deleted = await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(callRecords)
      .where(eq(callRecords.id, id))
      .returning({ callDate: callRecords.callDate });
    if (gone) await adjustDailyCallCount(tx, member.companyId, gone.callDate, -1);
    return gone !== undefined;
  });
  if (deleted) publish(member.companyId, "callRecord.deleted", { id, companyId: member.companyId });
  res.status(204).end();
});
