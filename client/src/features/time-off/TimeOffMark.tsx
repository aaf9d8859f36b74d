import type { TimeOffDTO } from "@sched/shared-types";
import { timeOffLabel } from "./timeOffModel";
import "./time-off.css";

/**
 * A day's time off on a board cell: hatched when approved, outlined while pending
 * (docs/time-off.md). The kind shows only to those who may read it.
 */
export function TimeOffMarks({ offs, showKind }: { offs: readonly TimeOffDTO[]; showKind: boolean }) {
  if (offs.length === 0) return null;
  return (
    <>
      {offs.map((off) => (
        <div
          key={off.id}
          className={`time-off-mark time-off-mark--${off.status}`}
          data-testid="time-off-mark"
          data-status={off.status}
        >
          {timeOffLabel(off, showKind)}
        </div>
      ))}
    </>
  );
}

/** The class a cell takes for its time off: approved wins over pending. */
export function timeOffCellClass(offs: readonly TimeOffDTO[] | undefined): string {
  if (!offs?.length) return "";
  return offs.some((off) => off.status === "approved") ? "has-time-off" : "has-time-off-pending";
}
