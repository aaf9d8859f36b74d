/**
 * "Job deleted" with Undo (docs/schedule.md): the server keeps a deleted job a day, and
 * POST /api/jobs/:id/restore puts it back under its id with its photos. A recurring job's
 * "following" or "all" delete ends the series: its toast has no Undo.
 */
import type { JobDTO } from "@sched/shared-types";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "antd";
import { useShowFailure } from "../../components/FailureNotice";
import { apiJson } from "../../lib/api";
import { rootKey } from "../../lib/queryKeys";
import { putRowInLists } from "../../lib/staleChange";
import { useFeedback } from "../../ui/feedback";

/** How long the Undo stays offered, as a move's. */
const UNDO_SECONDS = 8;

/**
 * The toast after a delete. Its Undo runs after the dialog that deleted has closed, so it
 * uses only what lives as long as the app (the query client, the toasts).
 */
export function useDeletedJobToast() {
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();

  return (job: JobDTO, canUndo: boolean) => {
    const key = `deleted-${job.id}`;
    const undo = async () => {
      notification.destroy(key);
      try {
        const restored = await apiJson<JobDTO>("POST", `/api/jobs/${job.id}/restore`);
        putRowInLists(queryClient, "jobs", restored);
        await queryClient.invalidateQueries({ queryKey: rootKey("jobs") });
        notification.info({ key, title: "Job restored", description: `${job.type} at ${job.location}` });
      } catch (error) {
        showFailure("Could not put the job back.", error);
      }
    };
    notification.success({
      key,
      title: "Job deleted",
      description: `${job.type} at ${job.location}`,
      ...(canUndo
        ? {
            duration: UNDO_SECONDS,
            actions: (
              <Button size="small" type="primary" onClick={() => void undo()} data-testid="undo-delete">
                Undo
              </Button>
            ),
          }
        : {}),
    });
  };
}
