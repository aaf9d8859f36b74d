import { NavLinks } from "./NavLinks";
import { useNavItems } from "./useNavItems";

/** The phone navigation: a fixed bottom bar (its entries depend on the role), shown only below 768px. */
export function MobileBar() {
  const items = useNavItems().mobile;
  return (
    <nav
      className="mobile-bar"
      data-testid="mobile-bar"
      aria-label="Main"
      style={{ gridTemplateColumns: `repeat(${items.length}, 1fr)` }}
    >
      <NavLinks items={items} className="mobile-bar__link" />
    </nav>
  );
}
