/** A labelled field of the phone's money forms: the label above its input, tied by id. */
import { type ReactNode, useId } from "react";

export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="job-money__field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
