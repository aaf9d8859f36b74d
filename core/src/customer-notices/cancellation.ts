/**
 * Cancellations (docs/customers.md): a job moved to the tray, cancelled
 * or deleted is cancelled by e-mail (and by text) to the customer who received its confirmation, for the
 * slot they were told of, and to no one else. The row carries that visit, because the job
 * may be gone when the e-mail is sent.
 */
import type { jobs } from "../db/schema";
import { cancellationKey } from "./keys";
import { lastSentNotice } from "./last-sent";
import { recordNotice, recordText } from "./write-notice";

type JobRow = typeof jobs.$inferSelect;

/**
 * `still` is the job when it still exists (the notice refers to it and is dropped if the
 * job comes back before it settles), null when it was deleted; `was` is its last row. Each
 * channel cancels what it confirmed: a customer told by text hears of it by text too.
 */
export async function recordCancellation(still: JobRow | null, was: JobRow, delayMs: number) {
  const about = { companyId: was.companyId, jobId: still?.id ?? null };
  const visit = {
    date: "",
    time: "",
    type: was.type,
    location: was.location,
    durationMinutes: was.durationMinutes,
    // Above every confirmation's: a calendar that took the visit marks this one cancelled.
    version: was.version + 1,
  };
  const told = await lastSentNotice(was.companyId, was.id);
  // Told as a customer since deleted: no one to tell.
  if (told?.kind === "confirmation" && (told.customerId || told.addressOnly)) {
    await recordNotice(
      about,
      { customerId: told.customerId, email: told.recipient },
      {
        kind: "cancellation",
        dedupeKey: cancellationKey(was.id, told.noticeId),
        visit: { ...visit, date: told.date, time: told.time },
      },
      delayMs,
    );
  }
  const texted = await lastSentNotice(was.companyId, was.id, "sms");
  if (texted?.kind === "confirmation" && (texted.customerId || texted.addressOnly)) {
    await recordText(
      about,
      { customerId: texted.customerId, phone: texted.recipient },
      {
        kind: "cancellation",
        dedupeKey: cancellationKey(was.id, texted.noticeId),
        visit: { ...visit, date: texted.date, time: texted.time },
      },
      delayMs,
    );
  }
}
