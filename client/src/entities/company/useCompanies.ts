import { type Action, type CompanyDTO, can } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { createContext, createElement, type ReactNode, useContext, useMemo } from "react";
import { queryKeys } from "../../lib/queryKeys";
import { useCompanyStore } from "../../stores/company";
import { useAuth } from "../user/useAuth";

/** The companies the signed-in user belongs to, with their role in each. */
export function useCompanies() {
  const { user } = useAuth();
  // Not while signing out: the list must not come back and re-select a company after logout.
  return useQuery<CompanyDTO[]>({ queryKey: queryKeys.companies(), enabled: user !== null });
}

type CurrentCompany = {
  company: CompanyDTO | null;
  companyId: string | null;
  role: CompanyDTO["role"] | null;
};

const CurrentCompanyContext = createContext<CurrentCompany | null>(null);

/**
 * Reads the companies and the selection once for the whole app (Providers.tsx). Each
 * reader of a query is an observer of its own, with its own timers: some thirty components
 * reading the list themselves cost a phone's CPU on every first screen.
 */
export function CurrentCompanyProvider({ children }: { children: ReactNode }) {
  const { data: companies } = useCompanies();
  const selectedCompanyId = useCompanyStore((state) => state.selectedCompanyId);
  const company = companies?.find((candidate) => candidate.id === selectedCompanyId) ?? null;
  const value = useMemo(
    () => ({ company, companyId: company?.id ?? null, role: company?.role ?? null }),
    [company],
  );
  return createElement(CurrentCompanyContext, { value }, children);
}

/**
 * The selected company when it is one of the user's; null otherwise (the layout then
 * shows the company picker, so pages inside it always have one).
 */
export function useCurrentCompany(): CurrentCompany {
  const current = useContext(CurrentCompanyContext);
  if (!current) throw new Error("useCurrentCompany needs a CurrentCompanyProvider above it");
  return current;
}

/**
 * May the user do `action` in the selected company? The role table is shared with the
 * server (docs/team-and-invitations.md): screens hide what the server would refuse, and
 * the server decides in the end.
 */
export function useCan(action: Action): boolean {
  const { role } = useCurrentCompany();
  return role !== null && can(role, action);
}
