/**
 * The customer's visit page (docs/visits.md): what GET /api/public/visits/:token answers,
 * the changes a customer may make there (reschedule, cancel, a note), and the office's
 * side (the notes in the job dialog and My Day, revoking a link).
 */
import { z } from "zod";
import { ZDate, ZMomentText, ZPathId, ZRowId, ZTime } from "./common";

export const VISIT_STATUSES = ["requested", "booked", "on_the_way", "working", "done", "cancelled"] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** The longest note a customer may leave, and how many one visit keeps. */
export const VISIT_NOTE_MAX_LENGTH = 1000;
export const VISIT_NOTES_PER_VISIT = 10;

/** Every bad, forged, revoked or expired link answers the same 404, so a link says nothing of why. */
export const VISIT_LINK_NOT_VALID = "This visit link is not valid";
/** A change past the company's cutoff (`{hours}`: its cutoffHours). */
export const visitCutoffMessage = (hours: number) =>
  `Changes close ${hours} hours before the visit: please call us`;
export const VISIT_NOT_CHANGEABLE = "This visit can no longer be changed: please call us";
export const VISIT_NOTE_TEXT_REQUIRED = "Write a note";
export const VISIT_NOTE_TEXT_TOO_LONG = `A note is at most ${VISIT_NOTE_MAX_LENGTH} characters`;
export const VISIT_NOTES_FULL = `This visit already has ${VISIT_NOTES_PER_VISIT} notes, the most it keeps: please call us`;
export const VISIT_NOTE_NOT_FOUND = "Note not found";
export const VISIT_WINDOW_NOT_OFFERED = "That window is not offered: pick one of the windows shown";

/** A visit token in a path: any string; a malformed one is simply not valid (404). */
export const ZVisitTokenParams = z.object({ token: z.string() });
export const ZVisitNotePhotoParams = z.object({ token: z.string(), noteId: ZPathId });

/** A customer's note as the visit page and the office read it. */
export const ZVisitNote = z
  .object({
    text: z.string(),
    createdAt: ZMomentText,
    photoUrl: z.string().optional().describe("The note's photo, when it has one"),
  })
  .meta({ id: "VisitNote" });
export type VisitNoteDTO = z.infer<typeof ZVisitNote>;

/** GET /api/public/visits/:token: the visit as its customer sees it, nothing else of the company's. */
export const ZVisit = z
  .object({
    company: z.object({ name: z.string(), phone: z.string().nullable() }),
    date: ZDate.nullable().describe("null while a request waits for the office"),
    window: z
      .object({ start: ZTime, end: ZTime })
      .nullable()
      .describe("The arrival window promised; null: the time alone"),
    time: ZTime.nullable(),
    technicianFirstName: z.string().nullable(),
    status: z.enum(VISIT_STATUSES),
    arrivalEstimateAt: ZMomentText.nullable().describe("Set at On my way: when the technician should arrive"),
    service: z.string(),
    address: z.string(),
    canChange: z
      .boolean()
      .describe("Reschedule and Cancel are open: booked (or requested) and before the cutoff"),
    cutoffAt: ZMomentText.nullable().describe(
      "When changes close: the visit's start less the company's cutoff",
    ),
    notes: z.array(ZVisitNote),
    declineMessage: z
      .string()
      .nullable()
      .describe("The office's message when it declined the request; else null"),
  })
  .meta({ id: "Visit" });
export type VisitDTO = z.infer<typeof ZVisit>;

/** POST /api/public/visits/:token/reschedule: one of the windows offered for the job's service. */
export const ZVisitReschedule = z.object({
  date: ZDate,
  start: ZTime,
});
export type TVisitReschedule = z.infer<typeof ZVisitReschedule>;

/** POST /api/public/visits/:token/notes: a note, and perhaps a photo as a data URL (resized on the phone first). */
export const ZVisitNoteCreate = z.object({
  text: z
    .string({ message: VISIT_NOTE_TEXT_REQUIRED })
    .trim()
    .min(1, { message: VISIT_NOTE_TEXT_REQUIRED })
    .max(VISIT_NOTE_MAX_LENGTH, { message: VISIT_NOTE_TEXT_TOO_LONG }),
  photo: z.string().startsWith("data:", { message: "Photo must be a JPEG, PNG or WebP image" }).optional(),
});
export type TVisitNoteCreate = z.infer<typeof ZVisitNoteCreate>;

/** A customer's note in the job dialog and on My Day: read-only. */
export const ZJobVisitNote = z
  .object({
    id: ZRowId,
    text: z.string(),
    createdAt: ZMomentText,
    photoUrl: z.string().nullable(),
  })
  .meta({ id: "JobVisitNote" });
export type JobVisitNoteDTO = z.infer<typeof ZJobVisitNote>;

/** GET /api/jobs/:id/visit-notes/:noteId/photo. */
export const ZJobVisitNotePhotoParams = z.object({ id: ZPathId, noteId: ZPathId });

/** POST /api/jobs/:id/visit-link/revoke: the link that stopped working; the next message carries a new one. */
export const ZVisitLinkRevoked = z
  .object({ revoked: z.boolean().describe("false when the job had no working link") })
  .meta({ id: "VisitLinkRevoked" });
