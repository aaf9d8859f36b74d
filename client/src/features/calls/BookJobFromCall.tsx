import {
  type CallRecordDTO,
  DEFAULT_COMPANY_SETTINGS,
  JOB_DESCRIPTION_MAX,
  type JobType,
} from "@sched/shared-types";
import { useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { lazy, Suspense } from "react";
import { nextWorkingDay, useSettingsQuery } from "../../entities/company/workingDays";
import { ISO_DATE_FORMAT } from "../../lib/dates";
import { rootKey } from "../../lib/queryKeys";

// The schedule's own Add Job dialog, loaded only when someone books: the call log stays light.
const JobDialog = lazy(() =>
  import("../schedule/JobDialog").then((module) => ({ default: module.JobDialog })),
);

/** An estimate visit is an inspection of the job to be quoted; a service call leaves the type to the dispatcher. */
const JOB_TYPE_FOR_ESTIMATE: JobType = "Inspection";

/**
 * What the Add Job dialog starts with for a call: the customer's address, phone and
 * e-mail, the call's notes as they are (the customer is linked, and named on the card, so
 * the description does not repeat the name), and the link back to the call. The job goes on the call's day, or today for an older call,
 * moved on to the next working day (docs/schedule.md): never a day the board does not show.
 */
export function jobDefaultsFromCall(
  record: CallRecordDTO,
  today = dayjs().format(ISO_DATE_FORMAT),
  workingDays: readonly number[] = DEFAULT_COMPANY_SETTINGS.workingDays,
) {
  return {
    date: nextWorkingDay(record.callDate.localeCompare(today) > 0 ? record.callDate : today, workingDays),
    ...(record.serviceType === "estimate" ? { type: JOB_TYPE_FOR_ESTIMATE } : {}),
    location: record.customerAddress ?? "",
    description: (record.notes ?? "").slice(0, JOB_DESCRIPTION_MAX),
    customerPhone: record.customerPhone,
    customerEmail: record.customerEmail ?? "",
    callRecordId: record.id,
    // Without one, the server links the customer with the call's phone, or makes one (docs/customers.md).
    ...(record.customerId ? { customerId: record.customerId } : {}),
  };
}

type BookJobFromCallProps = { record: CallRecordDTO; onClose: () => void };

/** Book Job on a call card: the Add Job dialog filled from the call; the job is linked to it. */
export function BookJobFromCall({ record, onClose }: BookJobFromCallProps) {
  const queryClient = useQueryClient();
  const settings = useSettingsQuery(record.companyId);
  // The default day depends on the working days: the dialog opens once they are known (or unreadable).
  if (settings.isPending) return null;
  const workingDays = settings.data?.workingDays ?? DEFAULT_COMPANY_SETTINGS.workingDays;
  return (
    <Suspense fallback={null}>
      <JobDialog
        open
        defaults={jobDefaultsFromCall(record, undefined, workingDays)}
        onClose={onClose}
        onSaved={() => {
          // The card shows the booking at once; other screens hear of it through job.created.
          void queryClient.invalidateQueries({ queryKey: rootKey("call-records") });
        }}
      />
    </Suspense>
  );
}
