import { Link, useLocation } from "react-router";
import { isActivePath, type NavItem } from "./navigation";

/**
 * The links of a navigation bar, the current screen marked: `className` names the bar's
 * link style (the desktop bar and the phone bar look different, behave the same).
 */
export function NavLinks({ items, className }: { items: NavItem[]; className: string }) {
  const { pathname } = useLocation();
  return items.map(({ to, label, icon: Icon }) => {
    const isActive = isActivePath(pathname, to);
    return (
      <Link
        key={to}
        to={to}
        className={isActive ? `${className} is-active` : className}
        aria-current={isActive ? "page" : undefined}
      >
        {/* The icon is decoration: the link is named by its words alone. */}
        <span className="nav-icon" aria-hidden="true">
          <Icon />
        </span>
        <span>{label}</span>
      </Link>
    );
  });
}
