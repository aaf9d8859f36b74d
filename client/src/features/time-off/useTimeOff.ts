/**
 * Time off on the client (docs/time-off.md): the list for the days on screen, live through
 * the `time_off.*` events (useRealtime refetches the "time-off" root), and the writes.
 */
import type { JobDTO, TimeOffDTO, TTimeOffInput } from "@sched/shared-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";

const EMPTY: TimeOffDTO[] = [];

/**
 * The time off touching `from`..`to` (both included): everyone's the member may read, or
 * `employeeId`'s only. Without a company nothing is asked for.
 */
export function useTimeOff(companyId: string | null, from: string, to: string, employeeId?: string) {
  const query = useQuery<TimeOffDTO[]>({
    queryKey: queryKeys.timeOff(companyId ?? "", from, to, employeeId),
    enabled: Boolean(companyId && from && to),
    placeholderData: keepPreviousData,
  });
  return { ...query, list: query.data ?? EMPTY };
}

const refetchTimeOff = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: rootKey("time-off") }),
    // The jobs' time_off warnings change with it.
    queryClient.invalidateQueries({ queryKey: rootKey("jobs") }),
  ]);

/** Ask for (a technician) or enter (the office) time off; one key per submit, so a double tap asks once. */
export function useRequestTimeOff(companyId: string) {
  const queryClient = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (input: Omit<TTimeOffInput, "companyId">) => {
      const body = { ...input, companyId };
      return apiJson<TimeOffDTO>("POST", "/api/time-off", body, { idempotencyKey: submitKey.keyFor(body) });
    },
    onSuccess: () => {
      submitKey.renew();
      return refetchTimeOff(queryClient);
    },
  });
}

/** The office approves or declines a request, on the version it saw. */
export function useDecideTimeOff(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ off, status }: { off: TimeOffDTO; status: "approved" | "declined" }) =>
      apiJson<TimeOffDTO>("PUT", `/api/time-off/${off.id}`, { companyId, status, version: off.version }),
    onSettled: () => refetchTimeOff(queryClient),
  });
}

/** Withdraw a pending request (its requester) or remove any time off (the office). */
export function useRemoveTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (off: TimeOffDTO) => {
      await apiRequest("DELETE", `/api/time-off/${off.id}`);
    },
    onSettled: () => refetchTimeOff(queryClient),
  });
}

/** The employee's open jobs during a request (GET /api/time-off/:id/jobs), asked for when the office approves. */
export function useBookedJobs() {
  const queryClient = useQueryClient();
  return (off: TimeOffDTO) =>
    queryClient.fetchQuery<JobDTO[]>({
      queryKey: [...rootKey("time-off"), off.id, "jobs", off.version],
      queryFn: () => apiJson<JobDTO[]>("GET", `/api/time-off/${off.id}/jobs`),
      staleTime: 0,
    });
}
