/**
 * The office answers an online booking that waits for approval (docs/booking.md). Approve
 * puts its job on a technician's day through the job save path (updateJob: the same checks,
 * warnings and events as a drop from the Unscheduled tray); decline cancels the job, with a
 * message for the customer, who is told by e-mail and text (../customer-notices/declined.ts).
 * The request is claimed first, on the version the office read (409 stale) and only while it
 * still waits (409), so two answers never both happen; a job save that is refused gives the
 * request back.
 */
import {
  BOOKING_MESSAGES,
  type BookingAnsweredDTO,
  type JobDTO,
  minutesOfDay,
  type TBookingApprove,
  type TBookingDecline,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { recordDeclined } from "../customer-notices/declined";
import { db } from "../db/client";
import { bookings } from "../db/schema";
import { Conflict } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { type BookingRow, presentBookingRequest } from "../presenters/booking";
import { publish } from "../publish";
import { loadBookingSettingsRow } from "../queries/booking-settings";
import { updateJob } from "./save-job";
import { assertCurrentVersion, nextVersion } from "./versions";

type Answer =
  | { status: "booked"; declineMessage?: undefined }
  | { status: "declined"; declineMessage: string | null };

/** Moves the request from `requested` to the answer, on the version the office read; the row as it was and is. */
async function claim(member: CompanyAccess, id: string, version: number, answer: Answer) {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
    await assertCurrentVersion(tx, locked, version, "request", () => presentBookingRequest(locked));
    if (locked.status !== "requested") throw new Conflict(BOOKING_MESSAGES.notPending);
    const [claimed] = await tx
      .update(bookings)
      .set({
        status: answer.status,
        declineMessage: answer.declineMessage ?? null,
        ...nextVersion(locked, member.userId),
      })
      .where(and(eq(bookings.id, id), eq(bookings.companyId, member.companyId)))
      .returning();
    return { before: locked, claimed };
  });
}

/** The job save refused: the request waits again, as it was (its version moves on). */
async function giveBack(member: CompanyAccess, claimed: BookingRow) {
  await db
    .update(bookings)
    .set({ status: "requested", declineMessage: null, ...nextVersion(claimed, member.userId) })
    .where(eq(bookings.id, claimed.id));
}

async function answered(row: BookingRow, job: JobDTO | null): Promise<BookingAnsweredDTO> {
  const request = presentBookingRequest(row);
  publish(row.companyId, "booking.updated", request);
  return { request, job };
}

/** The window the customer is told of: theirs when the time is in it, else the company's window holding the time. */
async function arrivalWindowFor(row: BookingRow, time: string) {
  const at = minutesOfDay(time);
  const inside = (window: { start: string; end: string }) =>
    minutesOfDay(window.start) <= at && at <= minutesOfDay(window.end);
  const asked = { start: row.windowStart, end: row.windowEnd };
  if (inside(asked)) return asked;
  const settings = await loadBookingSettingsRow(row.companyId);
  return settings?.windows.find(inside) ?? null;
}

/** POST /api/booking-requests/:id/approve. */
export async function approveBookingRequest(
  member: CompanyAccess,
  row: BookingRow,
  input: TBookingApprove,
): Promise<BookingAnsweredDTO> {
  const { claimed } = await claim(member, row.id, input.version, { status: "booked" });
  if (!claimed.jobId) return answered(claimed, null);
  try {
    const job = await updateJob(member, claimed.jobId, {
      employeeId: input.employeeId,
      date: input.date,
      time: input.time,
      arrivalWindow: await arrivalWindowFor(claimed, input.time),
    });
    return answered(claimed, job);
  } catch (error) {
    await giveBack(member, claimed);
    throw error;
  }
}

/** POST /api/booking-requests/:id/decline. */
export async function declineBookingRequest(
  member: CompanyAccess,
  row: BookingRow,
  input: TBookingDecline,
): Promise<BookingAnsweredDTO> {
  const { claimed } = await claim(member, row.id, input.version, {
    status: "declined",
    declineMessage: input.message,
  });
  // The customer hears of it once the decline holds (the job cancelled), never before.
  if (!claimed.jobId) {
    await recordDeclined(claimed);
    return answered(claimed, null);
  }
  let job: JobDTO;
  try {
    job = await updateJob(member, claimed.jobId, { status: "cancelled" });
  } catch (error) {
    await giveBack(member, claimed);
    throw error;
  }
  await recordDeclined(claimed);
  return answered(claimed, job);
}
