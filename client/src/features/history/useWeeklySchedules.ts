import type { WeeklyScheduleDTO } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { queryKeys, rootKey } from "../../lib/queryKeys";
import { putRowInLists } from "../../lib/staleChange";

/** The company's weeks, newest first. */
export function useWeeklySchedules(companyId: string) {
  return useQuery<WeeklyScheduleDTO[]>({ queryKey: queryKeys.weeklySchedules(companyId) });
}

/** Renames a week from the version the user opened: someone else's save in between answers 409 stale. */
export function useRenameWeek(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, version }: { id: string; name: string; version: number }) =>
      apiJson<WeeklyScheduleDTO>("PUT", `/api/weekly-schedules/${id}`, { name, companyId, version }),
    onSuccess: (saved) => {
      putRowInLists(queryClient, "weekly-schedules", saved);
      return queryClient.invalidateQueries({ queryKey: rootKey("weekly-schedules") });
    },
  });
}
