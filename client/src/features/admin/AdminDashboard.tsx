import type { UserDTO } from "@sched/shared-types";
import { PageTitle } from "../../components/PageTitle";
import { AdminHeader } from "./AdminHeader";
import { CompanyList } from "./CompanyList";
import { FreeAccessList } from "./FreeAccessList";
import { GrantFreeAccessForm } from "./GrantFreeAccessForm";
import { StatCounters } from "./StatCounters";
import { SystemOverview } from "./SystemOverview";
import { useAdminOverview } from "./useAdmin";

export function AdminDashboard({ user }: { user: UserDTO }) {
  const overview = useAdminOverview();
  return (
    <div className="admin-shell">
      <AdminHeader user={user} />
      <main className="admin-main">
        <PageTitle
          title="Admin Dashboard"
          subtitle="Every company on the platform, and who gets free access."
        />
        <StatCounters overview={overview.data} />
        <div className="admin-grid">
          <div className="admin-grid__column">
            <CompanyList />
            <FreeAccessList />
          </div>
          <div className="admin-grid__column">
            <GrantFreeAccessForm />
            <SystemOverview overview={overview.data} error={overview.error} />
          </div>
        </div>
      </main>
    </div>
  );
}
