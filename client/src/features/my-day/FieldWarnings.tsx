/**
 * The warnings a technician can act on, on their job's card (docs/my-day.md): the drive from
 * the job before, or to the next one, is longer than the time between them (`travel`,
 * docs/places.md). The office's other warnings (overlaps, hours) are for the board.
 */
import { CarOutlined } from "@ant-design/icons";
import type { ConflictCode, JobDTO } from "@sched/shared-types";
import { warningsOf } from "../../entities/job/conflictMarks";

/** The codes My Day shows; another field warning is one more entry. */
export const FIELD_WARNING_CODES: ReadonlySet<ConflictCode> = new Set<ConflictCode>(["travel"]);

export function FieldWarnings({ job }: { job: JobDTO }) {
  const warnings = warningsOf(job).filter((warning) => FIELD_WARNING_CODES.has(warning.code));
  if (warnings.length === 0) return null;
  return (
    <ul className="my-job__warnings" data-testid="my-job-warnings">
      {warnings.map((warning) => (
        <li key={`${warning.code}-${warning.jobId ?? ""}`} className="my-job__warning">
          <CarOutlined aria-hidden /> {warning.message}
        </li>
      ))}
    </ul>
  );
}
