/**
 * "From the customer" (docs/visits.md): the notes and photos a customer left on their visit
 * page, read-only, in the job dialog and on My Day. Nothing is drawn while there are none
 * (or offline, when they cannot be read). Refetched on every job event: a new note touches
 * the job.
 */
import type { JobVisitNoteDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { formatDate, formatTimeOf } from "../../lib/dates";
import { queryKeys } from "../../lib/queryKeys";
import "./customer-notes.css";

export function CustomerNotes({ jobId }: { jobId: string }) {
  const { data: notes } = useQuery<JobVisitNoteDTO[]>({ queryKey: queryKeys.visitNotes(jobId) });
  if (!notes || notes.length === 0) return null;
  return (
    <section className="customer-notes" aria-label="From the customer" data-testid="customer-notes">
      <h4 className="customer-notes__title">From the customer</h4>
      <ul className="customer-notes__list">
        {notes.map((note) => (
          <li key={note.id} className="customer-notes__note">
            <p className="customer-notes__text">{note.text}</p>
            {note.photoUrl ? (
              <a href={note.photoUrl} target="_blank" rel="noreferrer">
                <img
                  className="customer-notes__photo"
                  src={note.photoUrl}
                  alt="Sent by the customer"
                  loading="lazy"
                  width={72}
                  height={72}
                />
              </a>
            ) : null}
            <span className="customer-notes__when">
              {formatDate(note.createdAt)}, {formatTimeOf(note.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
