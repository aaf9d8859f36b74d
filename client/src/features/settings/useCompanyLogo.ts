/**
 * The company logo's server state (docs/money.md, "Logo"): it is part of the money
 * settings' answer, so a change writes the new logo into that cached answer and every
 * screen reading the settings sees it without asking again.
 */
import type { CompanyLogoDTO, MoneySettingsDTO } from "@sched/shared-types";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";

const logoUrl = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/logo`;

function useSetCachedLogo(companyId: string) {
  const queryClient = useQueryClient();
  return (logo: CompanyLogoDTO | null) =>
    queryClient.setQueryData<MoneySettingsDTO>(queryKeys.moneySettings(companyId), (settings) =>
      settings ? { ...settings, logo } : settings,
    );
}

/** PUT: a data URL in, the stored logo out. */
export function useUploadLogo(companyId: string) {
  const setCached = useSetCachedLogo(companyId);
  return useMutation({
    mutationFn: (dataUrl: string) => apiJson<CompanyLogoDTO>("PUT", logoUrl(companyId), { logo: dataUrl }),
    onSuccess: (logo) => setCached(logo),
  });
}

export function useRemoveLogo(companyId: string) {
  const setCached = useSetCachedLogo(companyId);
  return useMutation({
    mutationFn: () => apiJson<void>("DELETE", logoUrl(companyId)),
    onSuccess: () => setCached(null),
  });
}
