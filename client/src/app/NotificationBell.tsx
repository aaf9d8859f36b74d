import { BellOutlined } from "@ant-design/icons";
import { lazy, type Ref, Suspense, useState } from "react";
import { PlainButton } from "../components/PlainButton";
import { useCurrentCompany } from "./useCompanies";
import { useNotifications } from "./useNotifications";
import "./notification-bell.css";

const loadMenu = () => import("./BellMenu");
const BellMenu = lazy(loadMenu);

type BellButtonProps = {
  unreadCount: number;
  ref?: Ref<HTMLButtonElement>;
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
};

/** The bell itself, with the unread count on it: plain markup, as the rest of the frame. */
export function BellButton({ unreadCount, ...rest }: BellButtonProps) {
  return (
    <PlainButton
      {...rest}
      data-testid="notification-bell"
      aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : "Notifications"}
      icon={
        <span className="bell-badge" data-testid="notification-count">
          <BellOutlined aria-hidden />
          {unreadCount > 0 ? (
            <sup className="bell-badge__count" aria-hidden>
              {unreadCount > 99 ? "99+" : unreadCount}
            </sup>
          ) : null}
        </span>
      }
    />
  );
}

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
