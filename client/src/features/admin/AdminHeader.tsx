import { AppstoreOutlined, LogoutOutlined } from "@ant-design/icons";
import type { UserDTO } from "@sched/shared-types";
import { Button } from "antd";
import { LinkButton } from "../../components/LinkButton";
import { useLogout } from "../auth/useAuth";

/** The admin area's own top bar: it sits outside the company frame, so no company, nav or banner. */
export function AdminHeader({ user }: { user: UserDTO }) {
  const logout = useLogout();
  return (
    <header className="admin-header">
      <div className="admin-header__inner">
        <div className="admin-header__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Scheduler Admin</span>
        </div>
        <div className="admin-header__actions">
          <span className="admin-header__user" data-testid="admin-user">
            {user.email}
          </span>
          <LinkButton to="/schedule" icon={<AppstoreOutlined />} aria-label="Open the app">
            <span className="admin-desktop-label">Open the app</span>
          </LinkButton>
          <Button
            icon={<LogoutOutlined />}
            aria-label="Logout"
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            <span className="admin-desktop-label">Logout</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
