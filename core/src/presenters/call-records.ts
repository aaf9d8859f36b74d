import type { CallRecordDTO, ServiceType } from "@sched/shared-types";
import type { callRecords } from "../db/schema";

/** A call record as the API answers it, with the jobs booked from it. */
export function presentCallRecord(
  row: typeof callRecords.$inferSelect,
  bookedJobIds: readonly string[] = [],
): CallRecordDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerEmail: row.customerEmail,
    customerAddress: row.customerAddress,
    customerId: row.customerId,
    serviceType: row.serviceType as ServiceType,
    notes: row.notes,
    callDate: row.callDate,
    callTime: row.callTime,
    bookedJobIds: [...bookedJobIds],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
