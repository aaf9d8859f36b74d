import { MessageOutlined, SettingOutlined, SwapOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { Link } from "react-router";
import { CompanyLetter } from "../components/CompanyLetter";
import { useCan, useCurrentCompany } from "../entities/company/useCompanies";
import { LogoutButton } from "../features/auth/LogoutButton";
import { useCompanyStore } from "../stores/company";
import { ButtonLink } from "../ui/ButtonLink";
import { NotificationBell } from "./BellMenu";
import { ConnectionStatus } from "./ConnectionStatus";

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
          <ButtonLink to="/chat" icon={<MessageOutlined />} aria-label="Team Chat">
            <span className="desktop-label">Team Chat</span>
          </ButtonLink>
          <Button
            className="desktop-only"
            data-testid="switch-company"
            icon={<SwapOutlined aria-hidden />}
            onClick={clearSelection}
          >
            Switch Company
          </Button>
          {canEditSettings ? (
            <ButtonLink
              to="/settings"
              icon={<SettingOutlined />}
              aria-label="Company settings"
              data-testid="company-settings"
            />
          ) : null}
          <NotificationBell />
          <LogoutButton labelClassName="desktop-label" testId="logout-button" />
        </div>
      </div>
    </header>
  );
}
