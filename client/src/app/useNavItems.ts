import { mobileNavItemsFor, type NavItem, navItemsFor } from "./navigation";
import { useCurrentCompany } from "./useCompanies";

/** The selected company's navigation for this member: desktop and phone. */
export function useNavItems(): { desktop: NavItem[]; mobile: NavItem[] } {
  const { company, role } = useCurrentCompany();
  const navigator = { role, isLinked: Boolean(company?.employeeId) };
  return { desktop: navItemsFor(navigator), mobile: mobileNavItemsFor(navigator) };
}
