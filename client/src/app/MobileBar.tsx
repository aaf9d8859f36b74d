import { EllipsisOutlined } from "@ant-design/icons";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { NavLinks } from "./NavLinks";
import { isActivePath } from "./navigation";
import { useNavItems } from "./useNavItems";

/** The narrowest an entry of the bar may be: its icon and a label such as "Employees". */
const SLOT_WIDTH = 64;
// The window's width, read when this module loads and on each resize: never during a render,
// where reading `innerWidth` forces the style and layout of a page antd's styles were just
// added to (300 ms of a slow phone's first render, docs/performance.md). This listener is
// added first, so it has the new width before the bar's own listener asks for it.
let windowWidth = window.innerWidth;
window.addEventListener("resize", () => {
  windowWidth = window.innerWidth;
});
const slotsInWidth = () => Math.floor(windowWidth / SLOT_WIDTH);
function subscribeToWidth(onChange: () => void) {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
}

/**
 * The phone navigation: a fixed bottom bar (its entries depend on the role), shown only
 * below 768px. The screens it has no room for are behind "More", a plain disclosure (no
 * menu library in the app frame): Escape, a link or a tap elsewhere closes it.
 */
export function MobileBar() {
  const { mobile, more: moreItems } = useNavItems();
  // Each entry gets at least SLOT_WIDTH: on a narrow phone (320 px) the last ones go under
  // "More" instead of their labels running together.
  const slots = useSyncExternalStore(subscribeToWidth, slotsInWidth);
  const fits = mobile.length + (moreItems.length > 0 ? 1 : 0) <= slots;
  const kept = fits ? mobile.length : Math.max(1, slots - 1);
  const items = mobile.slice(0, kept);
  const more = [...mobile.slice(kept), ...moreItems];
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const barRef = useRef<HTMLElement>(null);
  const isMoreActive = more.some((item) => isActivePath(pathname, item.to));

  // A new screen closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value read.
  useEffect(() => setIsOpen(false), [pathname]);
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setIsOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!barRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [isOpen]);

  const columns = items.length + (more.length > 0 ? 1 : 0);
  return (
    <nav
      ref={barRef}
      className="mobile-bar"
      data-testid="mobile-bar"
      aria-label="Main"
      style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
    >
      <NavLinks items={items} className="mobile-bar__link" />
      {more.length > 0 ? (
        <>
          <button
            type="button"
            className={
              isMoreActive
                ? "mobile-bar__link mobile-bar__more is-active"
                : "mobile-bar__link mobile-bar__more"
            }
            aria-expanded={isOpen}
            aria-controls={panelId}
            data-testid="mobile-more"
            onClick={() => setIsOpen((open) => !open)}
          >
            <span className="nav-icon" aria-hidden="true">
              <EllipsisOutlined />
            </span>
            <span>More</span>
          </button>
          {isOpen ? (
            <div id={panelId} className="mobile-bar__panel" data-testid="mobile-more-panel">
              <NavLinks items={more} className="mobile-bar__panel-link" />
            </div>
          ) : null}
        </>
      ) : null}
    </nav>
  );
}
