/**
 * The booking page's last step: who the visit is for, how to reach them, a note, and Book.
 * `website` is the honeypot (docs/customer-pages.md): off the screen, out of the tab
 * order and hidden from screen readers, so only a robot fills it.
 */
import { type FormEvent, useState } from "react";
import { Alert } from "./Step";

export type Contact = { name: string; phone: string; email: string; note: string; website: string };

export const EMPTY_CONTACT: Contact = { name: "", phone: "", email: "", note: "", website: "" };

type Problem = { field: "name" | "phone"; message: string };

/** What keeps the details from being sent: a name, and a phone or an e-mail. */
export function contactProblem(contact: Contact): Problem | null {
  if (contact.name.trim() === "") return { field: "name", message: "Enter your name" };
  if (contact.phone.trim() === "" && contact.email.trim() === "")
    return { field: "phone", message: "Give a phone number or an e-mail address" };
  return null;
}

type Props = {
  contact: Contact;
  onChange: (contact: Contact) => void;
  onBook: () => void;
  busy: boolean;
  error: string | null;
};

export function ContactDetails({ contact, onChange, onBook, busy, error }: Props) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const set = (field: keyof Contact) => (event: { target: { value: string } }) =>
    onChange({ ...contact, [field]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = contactProblem(contact);
    setProblem(found);
    if (found) document.getElementById(found.field)?.focus();
    else onBook();
  };
  const invalid = (field: Problem["field"]) =>
    problem?.field === field ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {};
  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="name">Your name</label>
        <input
          id="name"
          type="text"
          autoComplete="name"
          value={contact.name}
          onChange={set("name")}
          {...invalid("name")}
        />
        {problem?.field === "name" && <Alert id="name-error">{problem.message}</Alert>}
      </div>
      <p className="hint" id="reach-hint">
        A phone number or an e-mail address, so we can confirm.
      </p>
      <div className="field">
        <label htmlFor="phone">Phone</label>
        <input
          id="phone"
          type="tel"
          autoComplete="tel"
          value={contact.phone}
          onChange={set("phone")}
          aria-describedby="reach-hint"
          {...invalid("phone")}
        />
        {problem?.field === "phone" && <Alert id="phone-error">{problem.message}</Alert>}
      </div>
      <div className="field">
        <label htmlFor="email">E-mail</label>
        <input
          id="email"
          type="email"
          autoComplete="email"
          value={contact.email}
          onChange={set("email")}
          aria-describedby="reach-hint"
        />
      </div>
      <div className="field">
        <label htmlFor="note">Note for the technician (optional)</label>
        <textarea id="note" rows={3} maxLength={2000} value={contact.note} onChange={set("note")} />
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="website">Website (leave this empty)</label>
        <input
          id="website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={contact.website}
          onChange={set("website")}
        />
      </div>
      {error && <Alert>{error}</Alert>}
      <button type="submit" aria-disabled={busy}>
        {busy ? "Booking…" : "Book"}
      </button>
    </form>
  );
}
