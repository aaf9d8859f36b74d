import { NavLinks } from "./NavLinks";
import { useNavItems } from "./useNavItems";

/** The desktop navigation under the header; hidden below 768px (the bottom bar takes over). */
export function NavBar() {
  const items = useNavItems().desktop;
  return (
    <nav className="app-nav" data-testid="desktop-nav" aria-label="Main">
      <div className="app-nav__inner">
        <NavLinks items={items} className="app-nav__link" />
      </div>
    </nav>
  );
}
