import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { mayOpenScreen } from "../entities/company/screenAccess";
import { useCurrentCompany } from "../entities/company/useCompanies";

type OfficeScreenProps = { path: string; children: ReactNode };

/**
 * An office screen (Team, History) opened by address: a role the role table keeps from
 * it goes home instead, where `/` picks its screen (docs/my-day.md).
 */
export function OfficeScreen({ path, children }: OfficeScreenProps) {
  const { role } = useCurrentCompany();
  if (!mayOpenScreen(role, path)) return <Navigate to="/" replace />;
  return children;
}
