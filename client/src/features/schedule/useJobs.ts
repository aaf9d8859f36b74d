/**
 * The board's server state. Job lists are keyed under the "jobs" root (useRealtime
 * updates them in place on every job event), employees under "employees".
 */

import type { JobDTO, TJobCreate, TJobUpdate } from "@sched/shared-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useEmployees } from "../../entities/employee/useEmployees";
import { withoutWarnings } from "../../entities/job/conflictMarks";
import { apiJson, apiRequest } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";
import { putRowInLists } from "../../lib/staleChange";
import { placeJobInLists } from "../../realtime/useRealtime";
import { forgetDeletedJob } from "./deletedJob";
import { boardRoster } from "./gridModel";
import { jobWindow } from "./jobWindow";
import { type ScopeChoice, scopeQuery } from "./repeat/SeriesScopeDialog";

const JOBS_URL = "/api/jobs";

function jobsQueryKey(companyId: string, weekStart: string) {
  const { startDate, endDate } = jobWindow(weekStart);
  return queryKeys.jobs(companyId, startDate, endDate);
}

/**
 * Jobs around the week; the previous week stays on screen while the next one loads.
 * Without a company or a week (`""`) nothing is asked for.
 */
export function useWeekJobs(companyId: string | null, weekStart: string) {
  const isAsked = Boolean(companyId && weekStart);
  return useQuery<JobDTO[]>({
    queryKey: isAsked ? jobsQueryKey(companyId ?? "", weekStart) : queryKeys.jobs("", "", ""),
    enabled: isAsked,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every employee of the company (names for exports), and the active ones the board shows.
 * The roster query (and its failure toast) is the Employees screen's own.
 */
export function useScheduleEmployees(companyId: string | null) {
  const query = useEmployees(companyId);
  const active = useMemo(() => boardRoster(query.data ?? []), [query.data]);
  return { ...query, all: query.data ?? [], active };
}

/** Jobs of one day for one employee, in time order. */
export function jobsOf(jobs: readonly JobDTO[], employeeId: string, date: string): JobDTO[] {
  return jobs
    .filter((job) => job.employeeId === employeeId && job.date === date)
    .sort((a, b) => (a.time ?? "").localeCompare(b.time ?? ""));
}

/** The Unscheduled tray's jobs, oldest first; live like the board (useRealtime places them). */
export function useUnscheduledJobs(companyId: string | null) {
  return useQuery<JobDTO[]>({
    queryKey: queryKeys.unscheduledJobs(companyId ?? ""),
    enabled: Boolean(companyId),
    select: (jobs) => [...jobs].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  });
}

/**
 * Where a job is on the board: employee, date and time, or all null for the Unscheduled tray;
 * the timeline also changes its length.
 */
export type JobSlot = {
  employeeId: string | null;
  date: string | null;
  time?: string | null;
  durationMinutes?: number;
};

/** The slot that unschedules a job. */
export const UNSCHEDULED: JobSlot = { employeeId: null, date: null, time: null };

type JobPatch = Omit<TJobUpdate, "companyId">;

/** Add Job: one idempotency key per submit of the calling form, so a double submit makes one job. */
export function useCreateJob() {
  const queryClient = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (job: TJobCreate) =>
      apiJson<JobDTO>("POST", JOBS_URL, job, { idempotencyKey: submitKey.keyFor(job) }),
    onSuccess: () => {
      submitKey.renew();
      return queryClient.invalidateQueries({ queryKey: rootKey("jobs") });
    },
  });
}

/**
 * Edit Job. The patch carries the version the user opened (a 409 stale answer means
 * someone else saved first); the saved job goes on the board at once, so opening it
 * again edits its new version.
 */
export function useUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    // `scope`: an occurrence of a recurring job saved with its series (docs/schedule.md).
    mutationFn: ({
      id,
      patch,
      scope,
    }: {
      id: string;
      patch: JobPatch & { version: number };
      scope?: ScopeChoice;
    }) => apiJson<JobDTO>("PUT", `${JOBS_URL}/${id}${scopeQuery(scope)}`, patch),
    onSuccess: (saved) => {
      putRowInLists(queryClient, "jobs", saved);
      return queryClient.invalidateQueries({ queryKey: rootKey("jobs") });
    },
  });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: string | { id: string; scope?: ScopeChoice }) => {
      const { id, scope } = typeof target === "string" ? { id: target, scope: undefined } : target;
      return apiRequest("DELETE", `${JOBS_URL}/${id}${scopeQuery(scope)}`);
    },
    onSuccess: (_answer, target) =>
      forgetDeletedJob(queryClient, typeof target === "string" ? target : target.id),
  });
}

/**
 * Moves a job on the board at once and saves it from `job`'s version; a failure puts it
 * back. Returns the saved job (its new version) so the caller can offer Undo. The slot
 * may be the Unscheduled tray (all null) or come from it: the job changes lists at once.
 */
/** The board's moves (drops, the timeline's drags and keys, Undo): the timeline waits for them to settle. */
export const MOVE_JOB_KEY = ["move-job"] as const;

/**
 * A move as sent. `expectedTime` is what the board shows until the answer when the move
 * names no time and the server picks one (docs/schedule.md).
 */
export type MoveRequest = { job: JobDTO; expectedTime?: string } & JobSlot;

export function useMoveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: MOVE_JOB_KEY,
    mutationFn: ({ job, expectedTime: _shown, ...slot }: MoveRequest) =>
      apiJson<JobDTO>("PUT", `${JOBS_URL}/${job.id}`, { ...slot, version: job.version }),
    onMutate: async ({ job, expectedTime, ...slot }) => {
      await queryClient.cancelQueries({ queryKey: rootKey("jobs") });
      const snapshot = queryClient.getQueriesData<JobDTO[]>({ queryKey: rootKey("jobs") });
      const time = slot.time === undefined ? (expectedTime ?? job.time) : slot.time;
      // Its warnings are the old place's until the answer: the board works out the new place's.
      placeJobInLists(queryClient, { ...withoutWarnings(job), ...slot, time });
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (saved) => placeJobInLists(queryClient, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKey("jobs") }),
  });
}
