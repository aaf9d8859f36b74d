/**
 * A step of a customer page: a section named by its heading. A step that appears after the
 * customer acted takes the focus on its heading, so a screen reader reads on from there and
 * the keyboard continues from the new step (docs/accessibility.md).
 */
import { type ReactNode, useEffect, useId, useRef } from "react";

export function Step({ title, focus, children }: { title: string; focus: boolean; children: ReactNode }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section className="step" aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An error the screen reader says at once, placed where it applies. */
export function Alert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="alert" role="alert">
      {children}
    </p>
  );
}
