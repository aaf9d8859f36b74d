/**
 * The board's server state. Job lists are keyed under "/api/jobs" (useRealtime
 * invalidates that root on every job event), employees under "/api/employees".
 */

import {
  EXPORT_DAYS,
  JOB_FETCH_WINDOW_DAYS,
  type JobDTO,
  type TJobCreate,
  type TJobUpdate,
} from "@sched/shared-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useMemo } from "react";
import { apiJson, apiRequest } from "../../lib/api";
import { toISODate } from "../../lib/dates";
import { useEmployees } from "../employees/useEmployees";

export const JOBS_ROOT = "/api/jobs";

/**
 * The dates fetched for a week: SPEC's 4 days either side, taken around the whole week
 * (Monday - 4 to Sunday + 4) so that the week itself is always inside, and stepping a
 * day past either end in the Daily View shows jobs at once.
 */
export function jobWindow(weekStart: string) {
  const monday = dayjs(weekStart);
  return {
    startDate: toISODate(monday.subtract(JOB_FETCH_WINDOW_DAYS, "day")),
    endDate: toISODate(monday.add(EXPORT_DAYS - 1 + JOB_FETCH_WINDOW_DAYS, "day")),
  };
}

export const jobsQueryKey = (companyId: string, weekStart: string) =>
  [JOBS_ROOT, { companyId, ...jobWindow(weekStart) }] as const;

/** Jobs around the week; the previous week stays on screen while the next one loads. */
export function useWeekJobs(companyId: string | null, weekStart: string) {
  return useQuery<JobDTO[]>({
    queryKey: jobsQueryKey(companyId ?? "", weekStart),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every employee of the company (names for exports), and the active ones the board shows.
 * The roster query (and its failure toast) is the Employees screen's own.
 */
export function useScheduleEmployees(companyId: string | null) {
  const query = useEmployees(companyId);
  const active = useMemo(
    () => (query.data ?? []).filter((e) => e.isActive).sort((a, b) => a.name.localeCompare(b.name)),
    [query.data],
  );
  return { ...query, all: query.data ?? [], active };
}

/** Jobs of one day for one employee, in time order. */
export function jobsOf(jobs: readonly JobDTO[], employeeId: string, date: string): JobDTO[] {
  return jobs
    .filter((job) => job.employeeId === employeeId && job.date === date)
    .sort((a, b) => a.time.localeCompare(b.time));
}

export type JobPatch = Omit<TJobUpdate, "companyId">;

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: TJobCreate) => apiJson<JobDTO>("POST", JOBS_ROOT, job),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [JOBS_ROOT] }),
  });
}

export function useUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: JobPatch }) =>
      apiJson<JobDTO>("PUT", `${JOBS_ROOT}/${id}`, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [JOBS_ROOT] }),
  });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `${JOBS_ROOT}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [JOBS_ROOT] }),
  });
}

/**
 * Moves a job on the board at once and saves it; a failure puts it back. Returns the
 * saved job so the caller can offer Undo.
 */
export function useMoveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ job, employeeId, date }: { job: JobDTO; employeeId: string; date: string }) =>
      apiJson<JobDTO>("PUT", `${JOBS_ROOT}/${job.id}`, { employeeId, date }),
    onMutate: async ({ job, employeeId, date }) => {
      await queryClient.cancelQueries({ queryKey: [JOBS_ROOT] });
      const snapshot = queryClient.getQueriesData<JobDTO[]>({ queryKey: [JOBS_ROOT] });
      queryClient.setQueriesData<JobDTO[]>({ queryKey: [JOBS_ROOT] }, (list) =>
        list?.map((candidate) => (candidate.id === job.id ? { ...candidate, employeeId, date } : candidate)),
      );
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [JOBS_ROOT] }),
  });
}
