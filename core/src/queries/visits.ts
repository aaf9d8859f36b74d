/**
 * The visit page's reads (docs/visits.md): the visit by its token, a note's photo, and the
 * customer's notes as the office and the technician read them on the job.
 */
import { VISIT_NOTE_NOT_FOUND, type VisitDTO } from "@sched/shared-types";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { employees, visitNotes } from "../db/schema";
import { NotFound } from "../errors";
import { presentJobVisitNote, presentVisit, type VisitNoteRow } from "../presenters/visits";
import { openVisit } from "../visits/open-visit";

/** A visit's notes, oldest first, without their photos' bytes. */
export function visitNoteRows(executor: Executor, companyId: string, jobId: string): Promise<VisitNoteRow[]> {
  return executor
    .select({
      id: visitNotes.id,
      text: visitNotes.text,
      createdAt: visitNotes.createdAt,
      hasPhoto: sql<boolean>`${visitNotes.photoBytes} is not null`,
    })
    .from(visitNotes)
    .where(and(eq(visitNotes.companyId, companyId), eq(visitNotes.jobId, jobId)))
    .orderBy(asc(visitNotes.createdAt), asc(visitNotes.id));
}

/** GET /api/public/visits/:token. */
export async function loadVisit(token: string, now = new Date()): Promise<VisitDTO> {
  const visit = await openVisit(token, { now });
  const { companyId } = visit.link;
  const [technician] = visit.job.employeeId
    ? await db
        .select({ name: employees.name })
        .from(employees)
        .where(and(eq(employees.id, visit.job.employeeId), eq(employees.companyId, companyId)))
    : [];
  const notes = await visitNoteRows(db, companyId, visit.job.id);
  return presentVisit(token, visit, technician?.name ?? null, notes, now);
}

type Photo = { mimeType: string; bytes: Buffer };

async function notePhoto(companyId: string, jobId: string, noteId: string): Promise<Photo> {
  const [row] = await db
    .select({ mimeType: visitNotes.photoMimeType, bytes: visitNotes.photoBytes })
    .from(visitNotes)
    .where(
      and(
        sql`${visitNotes.id}::text = ${noteId}`,
        eq(visitNotes.companyId, companyId),
        eq(visitNotes.jobId, jobId),
        isNotNull(visitNotes.photoBytes),
      ),
    );
  if (!row?.mimeType || !row.bytes) throw new NotFound(VISIT_NOTE_NOT_FOUND);
  return { mimeType: row.mimeType, bytes: row.bytes };
}

/** A note's photo on the visit page: the token must open the note's visit. */
export async function loadVisitNotePhoto(token: string, noteId: string): Promise<Photo> {
  const visit = await openVisit(token);
  return notePhoto(visit.link.companyId, visit.job.id, noteId);
}

/** The customer's notes on a job (the job dialog, My Day): read-only. */
export async function listJobVisitNotes(companyId: string, jobId: string) {
  const rows = await visitNoteRows(db, companyId, jobId);
  return rows.map((row) => presentJobVisitNote(jobId, row));
}

/** A note's photo for the office or the technician (the route has checked the job is the member's company's). */
export const loadJobVisitNotePhoto = (companyId: string, jobId: string, noteId: string) =>
  notePhoto(companyId, jobId, noteId);
