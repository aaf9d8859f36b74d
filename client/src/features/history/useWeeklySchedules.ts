import type { WeeklyScheduleDTO } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";

export const weeklySchedulesKey = (companyId: string) => ["/api/weekly-schedules", { companyId }] as const;

/** The company's weeks, newest first. */
export function useWeeklySchedules(companyId: string) {
  return useQuery<WeeklyScheduleDTO[]>({ queryKey: weeklySchedulesKey(companyId) });
}

export function useRenameWeek(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiJson<WeeklyScheduleDTO>("PUT", `/api/weekly-schedules/${id}`, { name, companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/weekly-schedules"] }),
  });
}
