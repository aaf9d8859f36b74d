import { lazy, Suspense, useState } from "react";
import { BellButton } from "./BellButton";
import { useCurrentCompany } from "./useCompanies";
import { useNotifications } from "./useNotifications";
import "./notification-bell.css";

const loadMenu = () => import("./BellMenu");
const BellMenu = lazy(loadMenu);

/**
 * The header bell (docs/realtime.md): what the selected company's changes mean for this
 * user, one sentence each, with an unread count, live. Closed, it is a plain button; the
 * list is antd's dropdown (./BellMenu.tsx), loaded when the pointer or the focus comes to
 * the bell and mounted, open, on the first click, so a screen drawn without antd (My Day) does not
 * make antd's theme for a bell nobody opened.
 */
export function NotificationBell() {
  const { companyId } = useCurrentCompany();
  const { unreadCount } = useNotifications(companyId);
  const [isWanted, setWanted] = useState(false);
  const preload = () => void loadMenu().catch(() => {});
  // Mounted once its code is here: offline without it, the bell stays as it is.
  const open = () =>
    void loadMenu().then(
      () => setWanted(true),
      () => {},
    );
  const plain = (
    <BellButton unreadCount={unreadCount} onPointerEnter={preload} onFocus={preload} onClick={open} />
  );
  if (!isWanted) return plain;
  return (
    <Suspense fallback={plain}>
      <BellMenu />
    </Suspense>
  );
}
