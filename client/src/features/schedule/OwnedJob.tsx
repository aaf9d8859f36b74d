import type { JobDTO } from "@sched/shared-types";
import type { ReactNode } from "react";

/**
 * A card in the Inactive row (docs/schedule.md): the row mixes people, so each job says
 * whose it is above its card.
 */
export function OwnedJob({ owner, children }: { owner: string; children: ReactNode }) {
  return (
    <div className="week-grid__owned">
      <span className="week-grid__owner">{owner}</span>
      {children}
    </div>
  );
}

/** The card as it goes in a row: named when the row is the Inactive one. */
export function rowJob(job: JobDTO, card: ReactNode, owner: string | null): ReactNode {
  return owner === null ? (
    card
  ) : (
    <OwnedJob key={job.id} owner={owner}>
      {card}
    </OwnedJob>
  );
}
