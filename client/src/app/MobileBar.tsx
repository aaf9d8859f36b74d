import { Link, useLocation } from "react-router";
import { isActivePath, MOBILE_NAV_ITEMS } from "./navigation";

/** The phone navigation: a fixed bottom bar with six entries, shown only below 768px. */
export function MobileBar() {
  const { pathname } = useLocation();
  return (
    <nav className="mobile-bar" data-testid="mobile-bar" aria-label="Main">
      {MOBILE_NAV_ITEMS.map(({ to, label, icon: Icon }) => {
        const isActive = isActivePath(pathname, to);
        return (
          <Link
            key={to}
            to={to}
            className={isActive ? "mobile-bar__link is-active" : "mobile-bar__link"}
            aria-current={isActive ? "page" : undefined}
          >
            <Icon />
            <span>{label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
