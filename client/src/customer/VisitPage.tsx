/**
 * /visit/<token> (docs/customer-pages.md): one visit as its customer sees it, kept live.
 * The company's name and phone, the day and window, the technician's first name, the
 * status (with the arrival time once on the way), Reschedule and Cancel until the
 * company's cutoff, and a note or a photo for the technician.
 */
import { useEffect, useRef, useState } from "react";
import { formatDay, formatTime, formatWindow, telHref } from "./format";
import { Alert } from "./Step";
import { Loading, Unavailable } from "./Unavailable";
import { useVisit } from "./useVisit";
import { VisitChanges } from "./VisitChanges";
import { VisitNote } from "./VisitNote";
import { cutoffHours, isOpen, statusWords } from "./visit-words";

export function VisitPage({ token }: { token: string }) {
  const { visit, invalid, error, refresh } = useVisit(token);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (visit) document.title = `Your visit: ${visit.company.name}`;
  }, [visit]);

  if (invalid)
    return (
      <Unavailable title="This visit link is not valid" detail="Please call the company that sent it." />
    );
  if (!visit) return error ? <Unavailable title="This page could not load" detail={error} /> : <Loading />;

  const after = async (message: string) => {
    await refresh();
    setNotice(message);
  };
  /** After a move or a cancel the step is gone: the focus goes back to the top, the status says what changed. */
  const afterChange = async (message: string) => {
    await after(message);
    heading.current?.focus();
  };
  const phone = visit.company.phone;
  const callUs = phone ? (
    <a href={telHref(phone)} className="phone">
      {phone}
    </a>
  ) : null;
  const hours = cutoffHours(visit);
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        Your visit with {visit.company.name}
      </h1>
      <p className="status-line" role="status">
        <span className={`badge badge--${visit.status}`}>{statusWords(visit)}</span>
        {notice && <span className="notice"> {notice}</span>}
      </p>
      {error && <Alert>{error}</Alert>}
      {visit.declineMessage && (
        <p>
          {visit.company.name} wrote: {visit.declineMessage}
        </p>
      )}
      <dl className="facts">
        <dt>Day</dt>
        <dd>{visit.date ? formatDay(visit.date) : "To be confirmed"}</dd>
        <dt>{visit.window ? "Arrival window" : "Time"}</dt>
        <dd>
          {visit.window
            ? formatWindow(visit.window)
            : visit.time
              ? formatTime(visit.time)
              : "To be confirmed"}
        </dd>
        <dt>Service</dt>
        <dd>{visit.service}</dd>
        <dt>Address</dt>
        <dd>{visit.address}</dd>
        {visit.technicianFirstName && (
          <>
            <dt>Technician</dt>
            <dd>{visit.technicianFirstName}</dd>
          </>
        )}
        {callUs && (
          <>
            <dt>Phone</dt>
            <dd>{callUs}</dd>
          </>
        )}
      </dl>
      {isOpen(visit) &&
        (visit.canChange ? (
          <section className="step" aria-labelledby="change-heading">
            <h2 id="change-heading">Change your visit</h2>
            <VisitChanges token={token} onChanged={afterChange} />
          </section>
        ) : (
          <p className="closed">
            {hours ? `Changes close ${hours} hours before the visit` : "Online changes are closed"}: please
            call us
            {callUs && <> at {callUs}</>}.
          </p>
        ))}
      {isOpen(visit) && (
        <section className="step" aria-labelledby="note-heading">
          <h2 id="note-heading">A note or a photo for the technician</h2>
          <VisitNote token={token} notes={visit.notes} onSent={after} />
        </section>
      )}
    </main>
  );
}
