import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { App, Button } from "antd";
import { useStaleChange } from "../../components/useStaleChange";
import { formatDay } from "../../lib/dates";
import { differingFields } from "../../lib/staleChange";
import { jobChangeLabels, jobChangeValues } from "./jobChanges";
import { useMoveJob } from "./useJobs";

/** How long the Undo stays offered. */
const UNDO_SECONDS = 8;

type Place = { employeeId: string; date: string };

/**
 * Dropping a card moves the job at once (optimistically) and offers Undo in the toast,
 * which moves it back to where it was. Each move is saved from the version of the job
 * it moves (Undo from the version the move made); when someone else changed the job in
 * between, the user chooses whose change stays. Render `staleDialog` with the board.
 */
export function useMoveWithUndo(employees: EmployeeDTO[]) {
  const { notification } = App.useApp();
  const move = useMoveJob();
  const { resolveStale, staleDialog } = useStaleChange();
  const nameOf = (id: string) => employees.find((employee) => employee.id === id)?.name ?? "another employee";

  const failed = () =>
    notification.error({ title: "Error", description: "Failed to update job. Please try again." });

  /** Moves `job` (as last seen) to `place`; `onMoved` hears the saved job. */
  const send = (job: JobDTO, place: Place, onMoved: (moved: JobDTO) => void) => {
    move.mutate(
      { job, ...place },
      {
        onSuccess: onMoved,
        onError: (error) => {
          const isStale = resolveStale<JobDTO>(error, {
            root: "jobs",
            describe: (current) =>
              differingFields(place, jobChangeValues(current), jobChangeLabels(employees)),
            onApply: (current) => send(current, place, onMoved),
          });
          if (!isStale) failed();
        },
      },
    );
  };

  /** Moves `job`; `onMoved` hears the saved job (the "Move to…" dialog puts the focus back on its card). */
  const moveJob = (job: JobDTO, employeeId: string, date: string, onMoved?: (moved: JobDTO) => void) => {
    const key = `move-${job.id}`;
    send(job, { employeeId, date }, (moved) => {
      onMoved?.(moved);
      const undo = () => {
        notification.destroy(key);
        send(moved, { employeeId: job.employeeId, date: job.date }, () =>
          notification.info({ key, title: "Move undone", description: job.location }),
        );
      };
      notification.success({
        key,
        title: "Job moved",
        description: `${job.type} at ${job.location} → ${nameOf(employeeId)}, ${formatDay(date)}`,
        duration: UNDO_SECONDS,
        actions: (
          <Button size="small" type="primary" onClick={undo} data-testid="undo-move">
            Undo
          </Button>
        ),
      });
    });
  };

  return { moveJob, staleDialog };
}
