/**
 * Toasts and confirmations for every screen: antd's App, with where the toasts show.
 * `useFeedback()` gives its `message`, `notification` and `modal`.
 */
import { App } from "antd";
import { type ReactNode, useEffect } from "react";
import { useIsSmallScreen } from "../lib/screen";

/**
 * Toasts go where nothing a person is looking at sits (issue 51): bottom right on a
 * desktop, away from the board's cards, the dialogs' titles and the header; at the bottom
 * on a phone, just above the bottom bar (58px; layout.css adds the safe area). antd's
 * message has no bottom placement: layout.css moves its holder down.
 */
const DESKTOP_BOTTOM = 24;
const PHONE_BOTTOM = 66;

const TOAST_CLOSERS = ".ant-notification-notice-close, .ant-message-notice-close";
/** The toasts' own boxes, wherever they are placed. */
const TOASTS = ".ant-notification-notice, .ant-message-notice";

/** Whether `a` and `b` (viewport boxes) overlap. */
const overlaps = (a: DOMRect, b: DOMRect) =>
  a.width > 0 && b.width > 0 && a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/**
 * A toast never covers an open dialog: while one would, the toasts go under the dialogs'
 * mask (the body's `toasts-under-dialog`, layout.css), seen dimmed beside the dialog.
 * Looked at again whenever a toast or a dialog comes, goes or moves, and on resize.
 */
function useToastsUnderDialogs(): void {
  useEffect(() => {
    const check = () => {
      const dialogs = [...document.querySelectorAll<HTMLElement>(".ant-modal")]
        .filter((dialog) => dialog.offsetParent !== null)
        .map((dialog) => dialog.getBoundingClientRect());
      const toasts = [...document.querySelectorAll<HTMLElement>(TOASTS)].map((toast) =>
        toast.getBoundingClientRect(),
      );
      const covers = dialogs.some((dialog) => toasts.some((toast) => overlaps(dialog, toast)));
      if (document.body.classList.contains("toasts-under-dialog") !== covers)
        document.body.classList.toggle("toasts-under-dialog", covers);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("resize", check);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", check);
    };
  }, []);
}

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

/** The toasts and confirmations of the page; only inside FeedbackProvider. */
export function useFeedback() {
  return App.useApp();
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const isSmallScreen = useIsSmallScreen();
  useToastsOutOfTabOrder();
  useToastsUnderDialogs();
  return (
    <App
      message={{ maxCount: 3 }}
      notification={
        isSmallScreen
          ? { placement: "bottom", bottom: PHONE_BOTTOM, maxCount: 2 }
          : { placement: "bottomRight", bottom: DESKTOP_BOTTOM, maxCount: 3 }
      }
    >
      {children}
    </App>
  );
}
