/**
 * Starts sending the outbox (docs/offline.md). Background Sync is not relied on (Safari
 * lacks it): the outbox is sent when the app loads, when the browser comes back online,
 * when the app comes back to the front, and every half minute while it is open.
 */
import { refreshOutbox, setOnline } from "./outboxStore";
import { sendOutbox } from "./sender";

const SEND_EVERY_MS = 30_000;

let started = false;

export function startOutbox(): void {
  if (started) return;
  started = true;
  window.addEventListener("online", () => {
    setOnline(true);
    void sendOutbox();
  });
  window.addEventListener("offline", () => setOnline(false));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void sendOutbox();
  });
  window.setInterval(() => void sendOutbox(), SEND_EVERY_MS);
  void refreshOutbox().then(sendOutbox);
}
