/**
 * Toasts and confirmations for every screen: `useFeedback()` gives `message`,
 * `notification` and `modal`, as antd's `App.useApp()` would.
 *
 * antd itself is not part of the sign-in page (docs/performance.md):
 * the toasts' holders live in ./ToastHost.tsx and the confirmation dialog's in
 * ./ConfirmHost.tsx, chunks loaded the first time one is asked for, or once someone is
 * signed in (preloadFeedback). A call made before its holder is here waits for it.
 */
import type { Modal, message, notification } from "antd";
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";

type MessageInstance = ReturnType<typeof message.useMessage>[0];
type NotificationInstance = ReturnType<typeof notification.useNotification>[0];
export type ModalHookAPI = ReturnType<typeof Modal.useModal>[0];
/** antd's toast instances, once ToastHost has mounted them. */
export type ToastApis = { message: MessageInstance; notification: NotificationInstance };

/** What a holder gets: where to hand over antd's instance once mounted. */
export type HostProps<Api> = { onReady: (api: Api) => void };

/** The methods `T` offers, returning nothing: a call may have to wait for its holder. */
type Forwarded<T, K extends keyof T> = {
  [M in K]: T[M] extends (...args: infer A) => unknown ? (...args: A) => void : never;
};

type Feedback = {
  message: Forwarded<MessageInstance, "success" | "info" | "error" | "warning">;
  notification: Forwarded<NotificationInstance, "success" | "info" | "error" | "warning" | "destroy">;
  modal: Forwarded<ModalHookAPI, "confirm">;
};

const FeedbackContext = createContext<Feedback | null>(null);

/** The toasts and confirmations of the page; only inside FeedbackProvider. */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error("useFeedback needs a FeedbackProvider above it");
  return feedback;
}

const loadToastHost = () => import("./ToastHost").then((loaded) => loaded.ToastHost);
const loadConfirmHost = () => import("./ConfirmHost").then((loaded) => loaded.ConfirmHost);

/** Fetches the toasts' code ahead of need, so a toast shows at once. */
export function preloadToasts(): void {
  void loadToastHost().catch(() => {});
}

/** Fetches the toasts' and the confirmation dialog's code ahead of need (and for offline use). */
export function preloadFeedback(): void {
  preloadToasts();
  void loadConfirmHost().catch(() => {});
}

/** A call waiting for its holder; `unanswered` runs instead when the holder cannot be loaded. */
type Waiting<Api> = { run: (api: Api) => void; unanswered?: () => void };

/** A holder mounted on first use: its element, and how to reach its instance. */
function useLazyHost<Api>(load: () => Promise<ComponentType<HostProps<Api>>>) {
  const [Host, setHost] = useState<ComponentType<HostProps<Api>> | null>(null);
  const api = useRef<Api | null>(null);
  const waiting = useRef<Waiting<Api>[]>([]);
  const onReady = useCallback((ready: Api) => {
    api.current = ready;
    for (const next of waiting.current.splice(0)) next.run(ready);
  }, []);
  const call = useCallback(
    (next: Waiting<Api>) => {
      if (api.current) {
        next.run(api.current);
        return;
      }
      waiting.current.push(next);
      load().then(
        (loaded) => setHost(() => loaded),
        () => {
          for (const unanswered of waiting.current.splice(0)) unanswered.unanswered?.();
        },
      );
    },
    [load],
  );
  return { host: Host ? <Host onReady={onReady} /> : null, call };
}

/** The methods `methods` of one toast instance, each waiting for ToastHost if need be. */
function forwarded<P extends keyof ToastApis, const K extends keyof ToastApis[P]>(
  call: (waiting: Waiting<ToastApis>) => void,
  part: P,
  methods: readonly K[],
): Forwarded<ToastApis[P], K> {
  const entries = methods.map((method) => [
    method,
    (...args: unknown[]) =>
      call({ run: (apis) => (apis[part][method] as (...args: unknown[]) => unknown)(...args) }),
  ]);
  return Object.fromEntries(entries) as Forwarded<ToastApis[P], K>;
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const toasts = useLazyHost<ToastApis>(loadToastHost);
  const confirmations = useLazyHost<ModalHookAPI>(loadConfirmHost);

  const feedback = useMemo<Feedback>(() => {
    const message = forwarded(toasts.call, "message", ["success", "info", "error", "warning"]);
    const notification = forwarded(toasts.call, "notification", [
      "success",
      "info",
      "error",
      "warning",
      "destroy",
    ]);
    const modal = {
      confirm: (config: Parameters<ModalHookAPI["confirm"]>[0]) =>
        confirmations.call({
          run: (api) => void api.confirm(config),
          // The dialog could not be loaded (no network, no kept copy): nothing was
          // confirmed, so the question is answered as its Cancel would be.
          unanswered: () => {
            config.onCancel?.();
            notification.error({
              title: "Error",
              description: "Could not open the confirmation. Check the connection and try again.",
            });
          },
        }),
    };
    return { message, notification, modal };
  }, [toasts.call, confirmations.call]);

  return (
    <FeedbackContext.Provider value={feedback}>
      <div className="app-text">
        {confirmations.host}
        {toasts.host}
        {children}
      </div>
    </FeedbackContext.Provider>
  );
}
