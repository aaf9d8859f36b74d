import type { CompanyDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { COMPANIES_QUERY_KEY } from "../../lib/queryClient";
import { useCompanyStore } from "../../stores/company";
import { useAuth } from "../auth/useAuth";

/** The companies the signed-in user belongs to, with their role in each. */
export function useCompanies() {
  const { user } = useAuth();
  // Not while signing out: the list must not come back and re-select a company after logout.
  return useQuery<CompanyDTO[]>({ queryKey: COMPANIES_QUERY_KEY, enabled: user !== null });
}

/**
 * The selected company when it is one of the user's; null otherwise (the layout then
 * shows the company picker, so pages inside it always have one).
 */
export function useCurrentCompany() {
  const { data: companies } = useCompanies();
  const selectedCompanyId = useCompanyStore((state) => state.selectedCompanyId);
  const company = companies?.find((candidate) => candidate.id === selectedCompanyId) ?? null;
  return { company, companyId: company?.id ?? null, role: company?.role ?? null };
}
