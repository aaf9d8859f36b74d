/**
 * Cancellations (docs/customers.md): a job moved to the tray, cancelled
 * or deleted is cancelled by e-mail to the customer who received its confirmation, for the
 * slot they were told of, and to no one else. The row carries that visit, because the job
 * may be gone when the e-mail is sent.
 */
import type { jobs } from "../db/schema";
import { cancellationKey } from "./keys";
import { lastSentNotice } from "./last-sent";
import { recordNotice } from "./write-notice";

type JobRow = typeof jobs.$inferSelect;

/**
 * `still` is the job when it still exists (the notice refers to it and is dropped if the
 * job comes back before it settles), null when it was deleted; `was` is its last row.
 */
export async function recordCancellation(still: JobRow | null, was: JobRow, delayMs: number) {
  const told = await lastSentNotice(was.companyId, was.id);
  // Told as a customer since deleted: no one to tell.
  if (told?.kind !== "confirmation" || (!told.customerId && !told.addressOnly)) return;
  await recordNotice(
    { companyId: was.companyId, jobId: still?.id ?? null },
    { customerId: told.customerId, email: told.recipient },
    {
      kind: "cancellation",
      dedupeKey: cancellationKey(was.id, told.noticeId),
      visit: {
        date: told.date,
        time: told.time,
        type: was.type,
        location: was.location,
        durationMinutes: was.durationMinutes,
        // Above every confirmation's: a calendar that took the visit marks this one cancelled.
        version: was.version + 1,
      },
    },
    delayMs,
  );
}
