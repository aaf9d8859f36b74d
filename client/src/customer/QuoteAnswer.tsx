/**
 * The customer's answer to a quote: Approve (their name typed as a signature) or Decline
 * (a reason). Each error is said at once next to what it is about; the button keeps its
 * place while a send is under way (aria-disabled, so the focus stays on it).
 */
import { type FormEvent, useId, useState } from "react";
import { Alert } from "./Step";

type Props = {
  /** "Approve Better for $2,140.00", or null while no option is chosen. */
  approveLabel: string | null;
  busy: boolean;
  onApprove: (name: string) => void;
  onDecline: (reason: string) => void;
};

export function QuoteAnswer({ approveLabel, busy, onApprove, onDecline }: Props) {
  const nameId = useId();
  const reasonId = useId();
  const [name, setName] = useState("");
  const [reason, setReason] = useState("");
  const [declining, setDeclining] = useState(false);
  const [missing, setMissing] = useState<"option" | "name" | "reason" | null>(null);

  const approve = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!approveLabel) return setMissing("option");
    if (!name.trim()) return setMissing("name");
    setMissing(null);
    onApprove(name.trim());
  };
  const decline = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) return setMissing("reason");
    setMissing(null);
    onDecline(reason.trim());
  };

  return (
    <>
      <section className="step" aria-labelledby={`${nameId}-heading`}>
        <h2 id={`${nameId}-heading`}>Approve</h2>
        <form onSubmit={approve} noValidate>
          {missing === "option" && <Alert>Choose an option first.</Alert>}
          <div className="field">
            <label htmlFor={nameId}>Type your full name to sign</label>
            <input
              id={nameId}
              type="text"
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={missing === "name"}
              aria-describedby={missing === "name" ? `${nameId}-error` : undefined}
            />
            {missing === "name" && <Alert id={`${nameId}-error`}>Type your name to approve.</Alert>}
          </div>
          <button type="submit" aria-disabled={busy}>
            {approveLabel ?? "Approve"}
          </button>
        </form>
      </section>
      <section className="step" aria-labelledby={`${reasonId}-heading`}>
        <h2 id={`${reasonId}-heading`}>Not for you?</h2>
        {declining ? (
          <form onSubmit={decline} noValidate>
            <div className="field">
              <label htmlFor={reasonId}>Why are you declining?</label>
              <textarea
                id={reasonId}
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                aria-invalid={missing === "reason"}
                aria-describedby={missing === "reason" ? `${reasonId}-error` : undefined}
              />
              {missing === "reason" && <Alert id={`${reasonId}-error`}>Tell us why, in a few words.</Alert>}
            </div>
            <div className="actions">
              <button type="submit" className="danger" aria-disabled={busy}>
                Decline the quote
              </button>
              <button type="button" className="secondary" onClick={() => setDeclining(false)}>
                Keep it open
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className="secondary" onClick={() => setDeclining(true)}>
            Decline…
          </button>
        )}
      </section>
    </>
  );
}
