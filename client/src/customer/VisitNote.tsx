/** The visit page's note or photo for the technician, and the ones sent before. */
import { type FormEvent, useRef, useState } from "react";
import { type ApiError, type VisitNote as Note, postVisitNote } from "./api";
import { formatStamp } from "./format";
import { photoDataUrl } from "./photo";
import { Alert } from "./Step";

type Props = { token: string; notes: Note[]; onSent: (message: string) => Promise<void> };

export function VisitNote({ token, notes, onSent }: Props) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const photo = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const file = photo.current?.files?.[0];
    if (text.trim() === "") {
      setError(file ? "Write a few words with the photo" : "Write a note");
      document.getElementById("visit-note")?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const note = { text: text.trim(), ...(file ? { photo: await photoDataUrl(file) } : {}) };
      await postVisitNote(token, note);
      setText("");
      if (photo.current) photo.current.value = "";
      await onSent("Sent to the technician.");
    } catch (caught) {
      setError((caught as ApiError).message ?? "That photo could not be read.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {notes.length > 0 && (
        <ul className="notes">
          {notes.map((note) => (
            <li key={note.createdAt}>
              <p className="hint">Sent {formatStamp(note.createdAt)}</p>
              {note.text && <p>{note.text}</p>}
              {note.photoUrl && <img src={note.photoUrl} alt="What you sent" width="160" />}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="visit-note">Note</label>
          <textarea
            id="visit-note"
            rows={3}
            maxLength={2000}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="visit-photo">Photo (optional)</label>
          <input id="visit-photo" ref={photo} type="file" accept="image/*" />
        </div>
        {error && <Alert>{error}</Alert>}
        <button type="submit" className="secondary" aria-disabled={busy}>
          {busy ? "Sending…" : "Send to the technician"}
        </button>
      </form>
    </>
  );
}
