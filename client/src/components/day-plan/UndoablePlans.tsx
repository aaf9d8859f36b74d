/**
 * The plans the server still keeps for their Undo (the sick day's re-plans, a day's
 * optimizations), one line each with Undo: the toast's Undo after the toast is gone or the
 * page reloaded. Draws nothing when there are none.
 */
import { Button } from "antd";
import type { ReactNode } from "react";
import "./day-plan.css";

export type UndoablePlan = { id: string; words: ReactNode; onUndo: () => void };

export function UndoablePlans(props: {
  /** The region's name for screen readers ("Re-planned days"). */
  label: string;
  plans: readonly UndoablePlan[];
  isUndoing: boolean;
  testId: string;
  itemTestId: string;
  undoTestId: string;
}) {
  if (props.plans.length === 0) return null;
  return (
    <section className="undoable-plans" aria-label={props.label} data-testid={props.testId}>
      <ul className="undoable-plans__list">
        {props.plans.map((plan) => (
          <li key={plan.id} className="undoable-plans__item" data-testid={props.itemTestId}>
            <span>{plan.words}</span>
            <Button
              size="small"
              data-testid={props.undoTestId}
              disabled={props.isUndoing}
              onClick={plan.onUndo}
            >
              Undo
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
