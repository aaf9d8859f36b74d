import { Link, useLocation } from "react-router";
import { isActivePath, NAV_ITEMS } from "./navigation";

/** The desktop navigation under the header; hidden below 768px (the bottom bar takes over). */
export function NavBar() {
  const { pathname } = useLocation();
  return (
    <nav className="app-nav" data-testid="desktop-nav" aria-label="Main">
      <div className="app-nav__inner">
        {NAV_ITEMS.map(({ to, label, icon: Icon }) => {
          const isActive = isActivePath(pathname, to);
          return (
            <Link
              key={to}
              to={to}
              className={isActive ? "app-nav__link is-active" : "app-nav__link"}
              aria-current={isActive ? "page" : undefined}
            >
              <Icon />
              <span>{label}</span>
            </Link>
          );
        })}
      </div>
    </nav>
  );
}
