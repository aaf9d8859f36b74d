/**
 * The visit page's answer (docs/visits.md): the one place its JSON is shaped. Only what the
 * visit's own customer may read: the technician's first name (never the rest of it or their
 * phone), the company's name and phone, the visit and the customer's own notes.
 */
import type { JobVisitNoteDTO, VisitDTO, VisitNoteDTO } from "@sched/shared-types";
import { canChange, cutoffOf, type OpenVisit, visitSlot, visitStatus } from "../visits/open-visit";

/** A note as the notes query reads it: never its photo's bytes. */
export type VisitNoteRow = { id: string; text: string; createdAt: Date; hasPhoto: boolean };

/** "Ann Lee" is Ann: the first word of the roster name. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || null;

export function presentVisitNote(token: string, note: VisitNoteRow): VisitNoteDTO {
  return {
    text: note.text,
    createdAt: note.createdAt.toISOString(),
    ...(note.hasPhoto ? { photoUrl: `/api/public/visits/${token}/notes/${note.id}/photo` } : {}),
  };
}

export function presentJobVisitNote(jobId: string, note: VisitNoteRow): JobVisitNoteDTO {
  return {
    id: note.id,
    text: note.text,
    createdAt: note.createdAt.toISOString(),
    photoUrl: note.hasPhoto ? `/api/jobs/${jobId}/visit-notes/${note.id}/photo` : null,
  };
}

export function presentVisit(
  token: string,
  visit: OpenVisit,
  technicianName: string | null,
  notes: VisitNoteRow[],
  now = new Date(),
): VisitDTO {
  const { job, booking, terms } = visit;
  const status = visitStatus(job, booking);
  const slot = visitSlot(job, booking);
  const cutoff = cutoffOf(job, booking, terms);
  // A request's technician is not decided yet; a cancelled visit has none.
  const named = status !== "requested" && status !== "cancelled" && technicianName !== null;
  return {
    company: { name: terms.companyName, phone: terms.phone },
    date: slot.date,
    window: slot.window,
    time: slot.time,
    technicianFirstName: named ? firstNameOf(technicianName) : null,
    status,
    arrivalEstimateAt:
      status === "on_the_way" && job.arrivalEstimateAt ? job.arrivalEstimateAt.toISOString() : null,
    service: job.type,
    address: job.location,
    canChange: canChange(visit, now),
    cutoffAt: cutoff ? cutoff.toISOString() : null,
    notes: notes.map((note) => presentVisitNote(token, note)),
    // The "Message to the customer" the office wrote when it declined: the page is where they read it.
    declineMessage: booking?.status === "declined" ? booking.declineMessage : null,
  };
}
