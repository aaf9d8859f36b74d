/** Logging and editing customer calls (docs/call-log.md). */
import {
  CALL_PHONE_NOT_A_NUMBER,
  type CallRecordDTO,
  type TCallRecordCreate,
  type TCallRecordUpdate,
} from "@sched/shared-types";
import { and, asc, eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { callRecords, jobs } from "../db/schema";
import { NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { presentCallRecord } from "../presenters/call-records";
import { publish } from "../publish";
import { findCallRecord } from "../queries/call-records";
import { adjustDailyCallCount } from "./adjust-daily-call-count";
import { assertCustomerOfCompany, assertPhoneNumber, customerIdByPhone } from "./customer-links";
import { assertCurrentVersion, nextVersion } from "./versions";

export const CALL_RECORD_NOT_FOUND = "Call record not found";

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

/** A booking makes a customer of the call: its phone follows the customer's rule. */
const assertCallPhone = (executor: Executor, companyId: string, phone: string) =>
  assertPhoneNumber(executor, companyId, phone, "customerPhone", CALL_PHONE_NOT_A_NUMBER);

/** Logs a call; its day's count grows by one in the same transaction. */
export async function createCallRecord(
  member: CompanyAccess,
  input: TCallRecordCreate,
): Promise<CallRecordDTO> {
  const { companyId } = member;
  const row = await db.transaction(async (tx) => {
    await assertCallPhone(tx, companyId, input.customerPhone);
    // A call names its customer, else links the one with its phone number (docs/customers.md).
    if (input.customerId) await assertCustomerOfCompany(tx, companyId, input.customerId);
    const customerId = input.customerId ?? (await customerIdByPhone(tx, companyId, input.customerPhone));
    const [inserted] = await tx
      .insert(callRecords)
      .values({ ...recordValues(input), customerId, companyId })
      .returning();
    await adjustDailyCallCount(tx, companyId, inserted.callDate, 1);
    return inserted;
  });
  const record = presentCallRecord(row);
  publish(companyId, "callRecord.created", record);
  return record;
}

/** The row as the API answers it, read in the transaction that holds its lock. */
async function presentLocked(tx: Executor, row: typeof callRecords.$inferSelect): Promise<CallRecordDTO> {
  const booked = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.callRecordId, row.id), eq(jobs.companyId, row.companyId)))
    .orderBy(asc(jobs.createdAt));
  return presentCallRecord(
    row,
    booked.map((job) => job.id),
  );
}

/**
 * Edits a call from the version the client last saw (409 stale when another); a call moved
 * to another day leaves one day's count and joins the other's. 404 once gone.
 */
export async function updateCallRecord(
  member: CompanyAccess,
  id: string,
  input: TCallRecordUpdate,
  expectedVersion?: number,
): Promise<CallRecordDTO> {
  const values = recordValues(input);
  const isUpdated = await db.transaction(async (tx) => {
    // Locked so that two edits moving the same call cannot both count the move.
    const [locked] = await tx.select().from(callRecords).where(eq(callRecords.id, id)).for("update");
    if (!locked) return false;
    await assertCurrentVersion(tx, locked, expectedVersion, "call record", () => presentLocked(tx, locked));
    await assertCallPhone(tx, member.companyId, values.customerPhone);
    if (input.customerId && input.customerId !== locked.customerId) {
      await assertCustomerOfCompany(tx, member.companyId, input.customerId);
    }
    // Left out, the customer link stays; null unlinks it.
    const customer = input.customerId === undefined ? {} : { customerId: input.customerId };
    await tx
      .update(callRecords)
      .set({ ...values, ...customer, ...nextVersion(locked, member.userId) })
      .where(eq(callRecords.id, id));
    if (locked.callDate !== values.callDate) {
      await adjustDailyCallCount(tx, member.companyId, locked.callDate, -1);
      await adjustDailyCallCount(tx, member.companyId, values.callDate, 1);
    }
    return true;
  });
  const record = isUpdated ? await findCallRecord(id) : undefined;
  if (!record) throw new NotFound(CALL_RECORD_NOT_FOUND);
  publish(member.companyId, "callRecord.updated", record);
  return record;
}
