/**
 * The offline part of the app's start (docs/offline.md), loaded after the first screen:
 * the service worker, and the outbox sender, which also runs whenever someone signs in
 * (changes are only sent by the user who made them).
 */
import { queryClient } from "../../lib/queryClient";
import { isUnder } from "../../lib/queryKeys";
import { sendOutbox } from "../../outbox/sender";
import { startOutbox } from "../../outbox/start";
import { registerServiceWorker } from "./serviceWorker";

/**
 * The worker's install downloads every file of the app: it waits until the first screen
 * has drawn and fetched what it needs, so it never competes with it.
 */
const INSTALL_AFTER_MS = 3000;

function whenSettled(run: () => void): void {
  const later = () => window.setTimeout(run, INSTALL_AFTER_MS);
  if ("requestIdleCallback" in window) window.requestIdleCallback(later, { timeout: INSTALL_AFTER_MS });
  else later();
}

export function bootOffline(): void {
  whenSettled(registerServiceWorker);
  startOutbox();
  queryClient.getQueryCache().subscribe((event) => {
    if (
      event.type === "updated" &&
      event.action.type === "success" &&
      isUnder(event.query.queryKey, "user")
    ) {
      void sendOutbox();
    }
  });
}
