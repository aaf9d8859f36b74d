/**
 * A customer leaves a note, and perhaps a photo, for the technician on the visit page
 * (docs/visits.md). The photo is checked as a job photo is (../lib/photos.ts); a visit keeps
 * VISIT_NOTES_PER_VISIT notes. The job's row is locked while counting, so two notes at once
 * count each other, and touched (its updated_at, not its version: a note is no change of the
 * plan), so the office's and the technician's screens read the new note at once.
 */
import {
  type TVisitNoteCreate,
  VISIT_NOTES_FULL,
  VISIT_NOTES_PER_VISIT,
  type VisitDTO,
} from "@sched/shared-types";
import { and, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { jobs, visitNotes } from "../db/schema";
import { Conflict } from "../errors";
import { decodePhotoDataUrl } from "../lib/photos";
import { loadVisit } from "../queries/visits";
import { announceVisitChange } from "../visits/announce-visit-change";
import { openVisit } from "../visits/open-visit";
import { assertNotesOpen } from "../visits/visit-rules";

export async function addVisitNote(
  token: string,
  input: TVisitNoteCreate,
  now = new Date(),
): Promise<VisitDTO> {
  // Checked before any write: 400 or 413 on a bad photo.
  const photo = input.photo ? decodePhotoDataUrl(input.photo) : null;
  const { before, after } = await db.transaction(async (tx) => {
    const visit = await openVisit(token, { executor: tx, lockJob: true, now });
    const live = assertNotesOpen(visit);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(visitNotes)
      .where(and(eq(visitNotes.companyId, live.companyId), eq(visitNotes.jobId, live.id)));
    if (count >= VISIT_NOTES_PER_VISIT) throw new Conflict(VISIT_NOTES_FULL);
    await tx.insert(visitNotes).values({
      companyId: live.companyId,
      jobId: live.id,
      text: input.text,
      photoMimeType: photo?.mimeType ?? null,
      photoBytes: photo?.bytes ?? null,
      photoSize: photo?.bytes.length ?? null,
    });
    const [touched] = await tx
      .update(jobs)
      .set({ updatedAt: new Date() })
      .where(eq(jobs.id, live.id))
      .returning();
    return { before: live, after: touched };
  });
  await announceVisitChange(before, after, false);
  return loadVisit(token, now);
}
