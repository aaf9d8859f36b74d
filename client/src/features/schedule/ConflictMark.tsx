import { WarningFilled } from "@ant-design/icons";
import type { JobDTO } from "@sched/shared-types";
import { conflictCount, warningsOf } from "../../entities/job/conflictMarks";
import "./conflicts.css";

/** What a screen reader hears after a conflicting card's name: "2 conflicts: Overlaps …; Sunday is not a working day". */
export function conflictLabel(job: JobDTO): string {
  const warnings = warningsOf(job);
  if (warnings.length === 0) return "";
  return `${conflictCount(warnings.length)}: ${warnings.map((warning) => warning.message).join("; ")}`;
}

/**
 * The mark on a card with warnings: an icon and its words (not a colour alone,
 * docs/accessibility.md); hovering shows every warning.
 */
export function ConflictMark({ job }: { job: JobDTO }) {
  const count = warningsOf(job).length;
  if (count === 0) return null;
  return (
    <span className="job-card__conflict" data-testid="job-conflict" title={conflictLabel(job)}>
      <WarningFilled aria-hidden /> {conflictCount(count)}
    </span>
  );
}
