import { Navigate } from "react-router";
import { doesFieldWork } from "../entities/company/screenAccess";
import { useCurrentCompany } from "../entities/company/useCompanies";
import { useIsSmallScreen } from "../lib/screen";

/**
 * `/`, where signing in lands: a member who does the field work (may not manage jobs) on a
 * phone starts on My Day (docs/my-day.md), everyone else on the schedule.
 */
export default function Home() {
  const { role } = useCurrentCompany();
  const isSmallScreen = useIsSmallScreen();
  return <Navigate to={doesFieldWork(role) && isSmallScreen ? "/my-day" : "/schedule"} replace />;
}
