/**
 * Optimize a day's server state (docs/schedule.md): the preview, applying it, and its Undo,
 * which the server keeps (route_plan) and lists for the day (found again after a reload). The preview is asked for once per opening and kept
 * as it came; a job changed meanwhile is caught by the apply (409 stale).
 */
import type {
  OptimizeAppliedDTO,
  OptimizePreviewDTO,
  OptimizeUndoneDTO,
  RoutePlanDTO,
  TOptimizeApply,
} from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { rootKey } from "../../lib/queryKeys";

const previewUrl = (date: string) => `/api/days/${date}/optimize`;

/** The preview of `date` for `employeeIds` (null: the whole team), `reassign` in team mode. */
export function useOptimizePreview(
  companyId: string,
  date: string,
  employeeIds: readonly string[] | null,
  reassign: boolean,
) {
  return useQuery<OptimizePreviewDTO>({
    queryKey: [previewUrl(date), { companyId, employeeIds, reassign }],
    queryFn: () =>
      apiJson<OptimizePreviewDTO>("POST", previewUrl(date), {
        companyId,
        ...(employeeIds ? { employeeIds } : {}),
        reassign,
      }),
    // A proposal to look at, not live data: it stays as it came.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

const PLANS_URL = "/api/route-plans";

/** Applied or undone: the board's job lists refresh (their events follow too), and the undoable plans. */
const refetchJobs = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: rootKey("jobs") }),
    queryClient.invalidateQueries({ queryKey: [PLANS_URL] }),
  ]);

/** The optimizations of `date` that can still be undone (the server keeps them), newest first. */
export function useUndoableRoutePlans(companyId: string | null, date: string) {
  return useQuery<RoutePlanDTO[]>({
    queryKey: [PLANS_URL, { companyId, date }],
    queryFn: () =>
      apiJson<RoutePlanDTO[]>(
        "GET",
        `${PLANS_URL}?${new URLSearchParams({ companyId: companyId ?? "", date })}`,
      ),
    enabled: Boolean(companyId),
  });
}

export function useApplyOptimizedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, body }: { date: string; body: TOptimizeApply }) =>
      apiJson<OptimizeAppliedDTO>("POST", `${previewUrl(date)}/apply`, body),
    onSettled: () => refetchJobs(queryClient),
  });
}

/** The Undo: the server puts back what it kept (409 stale if a job changed since). */
export function useUndoOptimizedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) => apiJson<OptimizeUndoneDTO>("POST", `${PLANS_URL}/${planId}/undo`, {}),
    onSettled: () => refetchJobs(queryClient),
  });
}
