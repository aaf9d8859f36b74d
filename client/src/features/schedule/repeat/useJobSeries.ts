/** Creating a recurring job (docs/schedule.md, "Recurring jobs"); its occurrences are ordinary jobs. */
import type { JobSeriesCreatedDTO, TJobSeriesCreate } from "@sched/shared-types";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";
import { useSubmitKey } from "../../../lib/idempotency";
import { rootKey } from "../../../lib/queryKeys";

/** One idempotency key per submit, as Add Job: a double submit makes one series. */
export function useCreateJobSeries() {
  const queryClient = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (series: TJobSeriesCreate) =>
      apiJson<JobSeriesCreatedDTO>("POST", "/api/job-series", series, {
        idempotencyKey: submitKey.keyFor(series),
      }),
    onSuccess: () => {
      submitKey.renew();
      return queryClient.invalidateQueries({ queryKey: rootKey("jobs") });
    },
  });
}
