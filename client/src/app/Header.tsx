import { MessageOutlined, SettingOutlined, SwapOutlined } from "@ant-design/icons";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { CompanyLetter } from "../components/CompanyLetter";
import { LinkButton } from "../components/LinkButton";
import { PlainButton } from "../components/PlainButton";
import { LogoutButton } from "../features/auth/LogoutButton";
import { useCompanyStore } from "../stores/company";
import { ConnectionStatus } from "./ConnectionStatus";
import { useFirstScreenDrawn } from "./firstScreen";
import { useCan, useCurrentCompany } from "./useCompanies";

// The bell (antd's dropdown menu and badge, a good part of the frame's code) comes once the
// first screen is drawn (./firstScreen.ts); its place is kept meanwhile.
const NotificationBell = lazy(() =>
  import("./NotificationBell").then((module) => ({ default: module.NotificationBell })),
);

function LaterBell() {
  const slot = <span className="notification-bell-slot" aria-hidden="true" />;
  if (!useFirstScreenDrawn()) return slot;
  return (
    <Suspense fallback={slot}>
      <NotificationBell />
    </Suspense>
  );
}

/** The sticky top bar: product, company, live status and the account actions. */
export function Header() {
  const { company } = useCurrentCompany();
  const clearSelection = useCompanyStore((state) => state.clearSelection);
  // Company Settings is the owner's (docs/settings.md).
  const canEditSettings = useCan("manageSettings");
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/schedule" className="app-header__brand">
          <CompanyLetter name={company?.name} testId="company-badge" />
          <span className="app-header__names">
            <span className="app-header__product">Scheduler</span>
            {company ? (
              <span className="app-header__company" data-testid="company-name">
                {company.name}
              </span>
            ) : null}
          </span>
        </Link>
        <div className="app-header__actions">
          <ConnectionStatus />
          <LinkButton to="/chat" icon={<MessageOutlined />} aria-label="Team Chat">
            <span className="desktop-label">Team Chat</span>
          </LinkButton>
          <PlainButton
            className="desktop-only"
            data-testid="switch-company"
            icon={<SwapOutlined aria-hidden />}
            onClick={clearSelection}
          >
            Switch Company
          </PlainButton>
          {canEditSettings ? (
            <LinkButton
              to="/settings"
              icon={<SettingOutlined />}
              aria-label="Company settings"
              data-testid="company-settings"
            />
          ) : null}
          <LaterBell />
          <LogoutButton labelClassName="desktop-label" testId="logout-button" />
        </div>
      </div>
    </header>
  );
}
