/**
 * Saving the money settings (docs/money.md): the answer replaces the cached settings, so the
 * price book's tax-rate choice and the other money card see the new rates at once.
 */
import type { MoneySettingsDTO, TMoneySettingsUpdate } from "@sched/shared-types";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";

export function useSaveMoneySettings(companyId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.moneySettings(companyId);
  return useMutation({
    mutationFn: (change: TMoneySettingsUpdate) =>
      apiJson<MoneySettingsDTO>(
        "PUT",
        `/api/companies/${encodeURIComponent(companyId)}/money-settings`,
        change,
      ),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

/** After a stale answer: the settings as they are now, from the answer or asked again. */
export function useTakeCurrentMoneySettings(companyId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.moneySettings(companyId);
  return async (current: MoneySettingsDTO | null): Promise<MoneySettingsDTO | undefined> => {
    if (current) {
      queryClient.setQueryData(key, current);
      return current;
    }
    await queryClient.invalidateQueries({ queryKey: key });
    return queryClient.getQueryData<MoneySettingsDTO>(key);
  };
}
