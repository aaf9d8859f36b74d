/** Creating and changing a recurring job (docs/schedule.md); its occurrences are ordinary jobs. */
import type {
  JobSeriesCreatedDTO,
  JobSeriesDTO,
  TJobSeriesCreate,
  TJobSeriesUpdate,
} from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";
import { useSubmitKey } from "../../../lib/idempotency";
import { queryKeys, rootKey } from "../../../lib/queryKeys";

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

/** The series an occurrence belongs to: its rule and version (undefined id: not loaded). */
export function useJobSeries(seriesId: string | null | undefined) {
  return useQuery<JobSeriesDTO>({
    queryKey: queryKeys.jobSeries(seriesId ?? ""),
    enabled: Boolean(seriesId),
    retry: false,
  });
}

/** PUT /api/job-series/:id: the series from `from` on; a new rule remakes the occurrences to come. */
export function useUpdateJobSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      change,
    }: {
      id: string;
      change: Partial<TJobSeriesUpdate> & Pick<TJobSeriesUpdate, "from" | "version">;
    }) => apiJson<JobSeriesDTO>("PUT", `/api/job-series/${id}`, change),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.jobSeries(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: rootKey("jobs") });
    },
  });
}
