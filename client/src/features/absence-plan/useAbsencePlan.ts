/**
 * The sick day's server state (docs/time-off.md, "The sick day"): the preview, applying it
 * and its Undo. The preview is asked for once per opening and kept as it was while the
 * office adjusts it; a job changed meanwhile is caught by the apply (409 stale).
 */
import type {
  AbsencePlanAppliedDTO,
  AbsencePlanDTO,
  AbsencePlanUndoneDTO,
  TAbsencePlanApply,
  TAbsencePlanUndo,
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

/** Applies or undoes a plan; either way the board's job lists refresh (their events follow too). */
function usePlanChange<Body, Answer>(path: (employeeId: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ employeeId, body }: { employeeId: string; body: Body }) =>
      apiJson<Answer>("POST", path(employeeId), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKey("jobs") }),
  });
}

export const useApplyAbsencePlan = () =>
  usePlanChange<TAbsencePlanApply, AbsencePlanAppliedDTO>((id) => `${planUrl(id)}/apply`);

export const useUndoAbsencePlan = () =>
  usePlanChange<TAbsencePlanUndo, AbsencePlanUndoneDTO>((id) => `${planUrl(id)}/undo`);
