/**
 * The sick day's server state (docs/time-off.md): the preview, applying it
 * and its Undo, which the server keeps for the day (found again after a reload). The preview is asked for once per opening and kept as it was while the
 * office adjusts it; a job changed meanwhile is caught by the apply (409 stale).
 */
import type {
  AbsencePlanAppliedDTO,
  AbsencePlanDTO,
  AbsencePlanUndoableDTO,
  AbsencePlanUndoneDTO,
  TAbsencePlanApply,
} from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { rootKey } from "../../lib/queryKeys";

const planUrl = (employeeId: string) => `/api/employees/${employeeId}/absence-plan`;

export function useAbsencePreview(companyId: string, employeeId: string, date: string) {
  return useQuery<AbsencePlanDTO>({
    queryKey: [planUrl(employeeId), { companyId, date }],
    queryFn: () => apiJson<AbsencePlanDTO>("POST", planUrl(employeeId), { companyId, date }),
    // The preview is a proposal to adjust, not live data: it stays as it came.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

const PLANS_URL = "/api/absence-plans";

/** Applied or undone: the board's job lists refresh (their events follow too), and the undoable plans. */
const refetchAfterPlan = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: rootKey("jobs") }),
    queryClient.invalidateQueries({ queryKey: [PLANS_URL] }),
  ]);

export function useApplyAbsencePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ employeeId, body }: { employeeId: string; body: TAbsencePlanApply }) =>
      apiJson<AbsencePlanAppliedDTO>("POST", `${planUrl(employeeId)}/apply`, body),
    onSettled: () => refetchAfterPlan(queryClient),
  });
}

/** The re-plans of the days from..to that can still be undone (the server keeps them). */
export function useUndoablePlans(companyId: string | null, from: string, to: string) {
  return useQuery<AbsencePlanUndoableDTO[]>({
    queryKey: [PLANS_URL, { companyId, from, to }],
    queryFn: () =>
      apiJson<AbsencePlanUndoableDTO[]>(
        "GET",
        `${PLANS_URL}?${new URLSearchParams({ companyId: companyId ?? "", from, to })}`,
      ),
    enabled: Boolean(companyId),
  });
}

/** The Undo of a kept plan: the server puts back what it recorded (409 stale if a job changed since). */
export function useUndoKeptPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) => apiJson<AbsencePlanUndoneDTO>("POST", `${PLANS_URL}/${planId}/undo`, {}),
    onSettled: () =>
      Promise.all([
        refetchAfterPlan(queryClient),
        queryClient.invalidateQueries({ queryKey: rootKey("time-off") }),
      ]),
  });
}
