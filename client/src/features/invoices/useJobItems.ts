/**
 * A job's items (docs/money.md, "Job items") for the office's job dialog, and which open
 * invoice the job is on. Read only while the Items section is shown: the dialog's click to
 * open never waits for them.
 */
import type { JobDTO, JobInvoiceDTO, JobItemDTO, TJobItemCreate } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys } from "../../lib/queryKeys";

export function useJobItems(jobId: string) {
  return useQuery<JobItemDTO[]>({ queryKey: queryKeys.jobItems(jobId) });
}

export function useAddJobItem(jobId: string) {
  const queryClient = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (item: TJobItemCreate) =>
      apiJson<JobItemDTO>("POST", `/api/jobs/${jobId}/items`, item, {
        idempotencyKey: submitKey.keyFor(item),
      }),
    onSuccess: async () => {
      submitKey.renew();
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobItems(jobId) });
    },
  });
}

export function useRemoveJobItem(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => apiJson<void>("DELETE", `/api/jobs/${jobId}/items/${itemId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobItems(jobId) }),
  });
}

/**
 * The open invoice the job is on, if any (GET /api/jobs/:id/invoice). Under the "jobs" root:
 * the job's event when the invoice bills it or lets it go reads it again.
 */
export function useJobInvoice(job: JobDTO): { invoice: JobInvoiceDTO["invoice"]; isPending: boolean } {
  const answer = useQuery<JobInvoiceDTO>({ queryKey: queryKeys.jobInvoice(job.id) });
  return { invoice: answer.data?.invoice ?? null, isPending: answer.isPending };
}
