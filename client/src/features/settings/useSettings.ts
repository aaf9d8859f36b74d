/** The company's settings (docs/settings.md): every member reads them, the owner changes them. */
import type { CompanySettingsDTO, TCompanySettingsUpdate } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { queryKeys, rootKey } from "../../lib/queryKeys";

export function useCompanySettings(companyId: string) {
  return useQuery<CompanySettingsDTO>({ queryKey: queryKeys.settings(companyId) });
}

export function useSaveCompanySettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TCompanySettingsUpdate) =>
      apiJson<CompanySettingsDTO>("PUT", `/api/companies/${companyId}/settings`, change),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.settings(companyId), saved);
      // The learned speed is worked out with the road factor and minutes to park (docs/places.md).
      void queryClient.invalidateQueries({ queryKey: queryKeys.driveSpeed(companyId) });
      // Working days and hours change the jobs' warnings (docs/schedule.md).
      return queryClient.invalidateQueries({ queryKey: rootKey("jobs") });
    },
  });
}
