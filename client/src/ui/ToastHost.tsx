/**
 * The holders of the toasts (antd's message and notification), with the app's antd theme:
 * a chunk of its own, so that antd is not part of the sign-in page (./feedback.tsx).
 */
import { message, notification } from "antd";
import { useEffect } from "react";
import { useIsSmallScreen } from "../lib/screen";
import type { HostProps, ToastApis } from "./feedback";
import { Themed } from "./Themed";

/**
 * Toasts stay clear of what is always on screen: the sticky 60px header (Team Chat,
 * Switch Company, Logout), the desktop's sticky navigation under it (48px), and the
 * phone's bottom bar.
 */
const BELOW_HEADER = 68;
const BELOW_HEADER_AND_NAV = 116;

const TOAST_CLOSERS = ".ant-notification-notice-close, .ant-message-notice-close";

/**
 * Toasts take no tab stops (docs/accessibility.md): they close on their own, a mouse can
 * still close one, and Tab goes from control to control of the screen without a detour
 * through a toast's Close. antd gives no option for it, so each Close is taken out of the
 * tab order as it appears.
 */
function useToastsOutOfTabOrder(): void {
  useEffect(() => {
    const untab = () => {
      for (const closer of document.querySelectorAll<HTMLElement>(TOAST_CLOSERS)) closer.tabIndex = -1;
    };
    const observer = new MutationObserver(untab);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}

function Holders({ onReady }: HostProps<ToastApis>) {
  const isSmallScreen = useIsSmallScreen();
  // Top centre, under the header (and the desktop's nav). On a phone not at the bottom: the
  // work buttons (Complete, the photo buttons) sit low on the screen, near the bottom bar,
  // where a toast would cover them (docs/my-day.md; docs/auth.md).
  const [messageApi, messageHolder] = message.useMessage({
    top: isSmallScreen ? BELOW_HEADER : BELOW_HEADER_AND_NAV,
    maxCount: 3,
  });
  const [notificationApi, notificationHolder] = notification.useNotification(
    isSmallScreen
      ? { placement: "top", top: BELOW_HEADER, maxCount: 2 }
      : { placement: "top", top: BELOW_HEADER_AND_NAV, maxCount: 3 },
  );
  useToastsOutOfTabOrder();
  useEffect(
    () => onReady({ message: messageApi, notification: notificationApi }),
    [messageApi, notificationApi, onReady],
  );
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}

export function ToastHost({ onReady }: HostProps<ToastApis>) {
  return (
    <Themed>
      <Holders onReady={onReady} />
    </Themed>
  );
}
