/**
 * "Stop the visit link" in the job dialog (docs/visits.md), for owners and admins: the
 * link to the customer's visit page already sent stops working (a message sent to the
 * wrong person); the next message to the customer carries a new one.
 */
import type { JobDTO } from "@sched/shared-types";
import { useMutation } from "@tanstack/react-query";
import { Button } from "antd";
import { useShowFailure } from "../../components/FailureNotice";
import { apiJson } from "../../lib/api";
import { useFeedback } from "../../ui/feedback";

export function RevokeVisitLink({ job }: { job: Pick<JobDTO, "id"> }) {
  const { message, modal } = useFeedback();
  const showFailure = useShowFailure();
  const revoke = useMutation({
    mutationFn: () => apiJson<{ revoked: boolean }>("POST", `/api/jobs/${job.id}/visit-link/revoke`),
    onSuccess: ({ revoked }) =>
      void message.success(revoked ? "Visit link stopped." : "No visit link had been sent for this job."),
    onError: (error) => showFailure("Visit link not stopped", error),
  });
  const ask = () =>
    modal.confirm({
      title: "Stop the customer's visit link?",
      content:
        "The link in the messages already sent stops working. The next message to the customer carries a new one.",
      okText: "Stop the link",
      onOk: () => revoke.mutateAsync(),
    });
  return (
    <Button type="link" size="small" onClick={ask} loading={revoke.isPending} data-testid="revoke-visit-link">
      Stop the visit link
    </Button>
  );
}
