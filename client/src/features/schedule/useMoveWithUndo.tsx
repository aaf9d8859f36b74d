import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { App, Button } from "antd";
import { formatDay } from "../../lib/dates";
import { useMoveJob } from "./useJobs";

/** How long the Undo stays offered. */
const UNDO_SECONDS = 8;

/**
 * Dropping a card moves the job at once (optimistically) and offers Undo in the toast,
 * which moves it back to where it was.
 */
export function useMoveWithUndo(employees: EmployeeDTO[]) {
  const { notification } = App.useApp();
  const move = useMoveJob();
  const nameOf = (id: string) => employees.find((employee) => employee.id === id)?.name ?? "another employee";

  const failed = () =>
    notification.error({ title: "Error", description: "Failed to update job. Please try again." });

  return (job: JobDTO, employeeId: string, date: string) => {
    const key = `move-${job.id}`;
    move.mutate(
      { job, employeeId, date },
      {
        onSuccess: (moved) => {
          const undo = () => {
            notification.destroy(key);
            move.mutate(
              { job: moved, employeeId: job.employeeId, date: job.date },
              {
                onSuccess: () => notification.info({ key, title: "Move undone", description: job.location }),
                onError: failed,
              },
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
        },
        onError: failed,
      },
    );
  };
}
