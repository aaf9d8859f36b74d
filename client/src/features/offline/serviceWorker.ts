/// <reference types="vite-plugin-pwa/client" />
/**
 * The service worker (docs/offline.md), registered once the page has loaded so it never
 * slows the first screen. A new version waits until the user says so: a notice offers
 * to reload into it, and the old worker is replaced at that moment (skipWaiting), never
 * left stuck. Open apps look for a new version every hour.
 */
import { registerSW } from "virtual:pwa-register";
import { queryClient } from "../../lib/queryClient";
import "./update-notice.css";

const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * "A new version is ready" with a Reload button, drawn without the UI library so that
 * this module, loaded on every page, stays small and leaves the screens' bundles alone.
 */
function showUpdateNotice(reload: () => void): void {
  if (document.querySelector("[data-testid=app-update]")) return;
  const notice = document.createElement("div");
  notice.className = "app-update";
  notice.setAttribute("role", "status");
  notice.dataset.testid = "app-update";
  const text = document.createElement("span");
  text.textContent = "A new version is ready. Changes waiting to be sent are kept.";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "app-update__reload";
  button.textContent = "Reload";
  button.addEventListener("click", () => {
    button.disabled = true;
    reload();
  });
  notice.append(text, button);
  document.body.append(notice);
}

/**
 * The first worker takes charge after the page asked for its data, so nothing of it is
 * kept yet: ask again once, through the worker, and the screen opens offline next time.
 */
function keepWhatIsOnScreen(): void {
  if (navigator.serviceWorker.controller) return;
  // A request still running keeps running (no cancel): only settled answers are asked again.
  navigator.serviceWorker.addEventListener(
    "controllerchange",
    () => void queryClient.refetchQueries({}, { cancelRefetch: false }),
    { once: true },
  );
}

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  keepWhatIsOnScreen();
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      showUpdateNotice(() => void updateServiceWorker(true));
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => {
        // Only when online: an offline check would fail and say nothing useful.
        if (navigator.onLine) void registration.update().catch(() => {});
      }, CHECK_EVERY_MS);
    },
  });
}
