/**
 * Toasts and confirmations for every screen: `useFeedback()` gives `message`,
 * `notification` and `modal`, as antd's `App.useApp()` would, placed by Providers.
 *
 * antd's `App` brings its whole Modal with it, 9 kB of the sign-in page's JavaScript,
 * for four confirmations that all come after signing in. Here the confirmation dialog is
 * its own chunk (./ConfirmHost.tsx), loaded the first time one is asked for or once
 * someone is signed in (preloadConfirmations), so the sign-in page does not carry it
 * (docs/auth.md, "Toasts and confirmations").
 */
import { type Modal, type ModalFuncProps, message, notification } from "antd";
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { ConfirmHostProps } from "./ConfirmHost";

type MessageInstance = ReturnType<typeof message.useMessage>[0];
type NotificationInstance = ReturnType<typeof notification.useNotification>[0];
export type ModalHookAPI = ReturnType<typeof Modal.useModal>[0];

/** The confirmations a screen may ask for (antd's `modal.confirm`, without its return value). */
type Confirmations = { confirm: (config: ModalFuncProps) => void };

type Feedback = {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: Confirmations;
};

const FeedbackContext = createContext<Feedback | null>(null);

/** The toasts and confirmations of the page; only inside FeedbackProvider. */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error("useFeedback needs a FeedbackProvider above it");
  return feedback;
}

const loadConfirmHost = () => import("./ConfirmHost");

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

/** Fetches the confirmation dialog's code ahead of need, so a confirmation opens at once (and offline). */
export function preloadConfirmations(): void {
  void loadConfirmHost().catch(() => {});
}

type Props = {
  message: Parameters<typeof message.useMessage>[0];
  notification: Parameters<typeof notification.useNotification>[0];
  children: ReactNode;
};

export function FeedbackProvider({
  message: messageConfig,
  notification: notificationConfig,
  children,
}: Props) {
  const [messageApi, messageHolder] = message.useMessage(messageConfig);
  const [notificationApi, notificationHolder] = notification.useNotification(notificationConfig);
  useToastsOutOfTabOrder();
  const [ConfirmHost, setConfirmHost] = useState<ComponentType<ConfirmHostProps> | null>(null);
  const modalApi = useRef<ModalHookAPI | null>(null);
  const waiting = useRef<ModalFuncProps[]>([]);

  const onReady = useCallback((api: ModalHookAPI) => {
    modalApi.current = api;
    for (const config of waiting.current.splice(0)) api.confirm(config);
  }, []);

  const modal = useMemo<Confirmations>(
    () => ({
      confirm: (config) => {
        if (modalApi.current) {
          modalApi.current.confirm(config);
          return;
        }
        waiting.current.push(config);
        loadConfirmHost().then(
          (loaded) => setConfirmHost(() => loaded.ConfirmHost),
          () => {
            // The dialog could not be loaded (no network, no kept copy): nothing was
            // confirmed, so each waiting question is answered as its Cancel would be.
            for (const unanswered of waiting.current.splice(0)) unanswered.onCancel?.();
            notificationApi.error({
              title: "Error",
              description: "Could not open the confirmation. Check the connection and try again.",
            });
          },
        );
      },
    }),
    [notificationApi],
  );

  const feedback = useMemo(
    () => ({ message: messageApi, notification: notificationApi, modal }),
    [messageApi, notificationApi, modal],
  );

  return (
    <FeedbackContext.Provider value={feedback}>
      <div className="app-text">
        {ConfirmHost && <ConfirmHost onReady={onReady} />}
        {messageHolder}
        {notificationHolder}
        {children}
      </div>
    </FeedbackContext.Provider>
  );
}
