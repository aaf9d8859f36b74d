import { AppstoreOutlined } from "@ant-design/icons";
import type { UserDTO } from "@sched/shared-types";
import { ButtonLink } from "../../ui/ButtonLink";
import { LogoutButton } from "../auth/LogoutButton";

/** The admin area's own top bar: it sits outside the company frame, so no company, nav or banner. */
export function AdminHeader({ user }: { user: UserDTO }) {
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
          <ButtonLink to="/schedule" icon={<AppstoreOutlined />} aria-label="Open the app">
            <span className="admin-desktop-label">Open the app</span>
          </ButtonLink>
          <LogoutButton labelClassName="admin-desktop-label" />
        </div>
      </div>
    </header>
  );
}
