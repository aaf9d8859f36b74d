/**
 * A call record as the Edit Call Record form holds it, and how its fields read to a
 * person when someone else saved the record first (the same choice as for a job:
 * docs/schedule.md).
 */
import type { CallRecordDTO, ServiceType } from "@sched/shared-types";
import { formatDay, formatTime } from "../../lib/dates";
import type { FieldLabels } from "../../lib/staleChange";

export type CallFormValues = {
  customerName: string;
  customerPhone: string;
  customerEmail?: string;
  customerAddress?: string;
  /** Picked from the suggestions of a new call; left out, the server links by phone. */
  customerId?: string;
  serviceType: ServiceType;
  notes?: string;
  callDate: string;
  callTime: string;
};

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = { service: "Service", estimate: "Estimate" };

/** The Edit Call Record form's values for `record`. */
export function recordValues(record: CallRecordDTO): CallFormValues {
  return {
    customerName: record.customerName,
    customerPhone: record.customerPhone,
    customerEmail: record.customerEmail ?? "",
    customerAddress: record.customerAddress ?? "",
    serviceType: record.serviceType,
    notes: record.notes ?? "",
    callDate: record.callDate,
    callTime: record.callTime,
  };
}

export const CALL_RECORD_LABELS: FieldLabels<CallFormValues> = {
  customerName: { label: "Customer name" },
  customerPhone: { label: "Phone" },
  customerEmail: { label: "Email" },
  customerAddress: { label: "Address" },
  serviceType: { label: "Service type", show: (type) => SERVICE_TYPE_LABELS[type] },
  callDate: { label: "Date", show: formatDay },
  callTime: { label: "Time", show: formatTime },
  notes: { label: "Notes" },
};
