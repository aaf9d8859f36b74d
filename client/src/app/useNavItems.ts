import { useCurrentCompany } from "../entities/company/useCompanies";
import { mobileNavItemsFor, moreNavItemsFor, type NavItem, navItemsFor } from "./navigation";

/** The selected company's navigation for this member: desktop, the phone bar and the bar's "More". */
export function useNavItems(): { desktop: NavItem[]; mobile: NavItem[]; more: NavItem[] } {
  const { company, role } = useCurrentCompany();
  const navigator = { role, isLinked: Boolean(company?.employeeId) };
  return {
    desktop: navItemsFor(navigator),
    mobile: mobileNavItemsFor(navigator),
    more: moreNavItemsFor(navigator),
  };
}
