/**
 * Signing out clears what this device keeps of the account (docs/offline.md): the API
 * answers the service worker kept for offline use, My Day's answers kept in local storage
 * (lib/keptQueries.ts) and the outbox of unsent changes. The
 * app's own files (the precache) stay: they hold nobody's data.
 */
import { forgetKeptQueries } from "../lib/keptQueries";
import { deleteOutbox } from "./outbox";
import { useOutboxStore } from "./outboxStore";

const isAppShell = (cacheName: string) => cacheName.includes("precache");

export async function clearDeviceData(): Promise<void> {
  forgetKeptQueries();
  const steps: Promise<unknown>[] = [deleteOutbox()];
  if ("caches" in window) {
    const names = await caches.keys();
    steps.push(...names.filter((name) => !isAppShell(name)).map((name) => caches.delete(name)));
  }
  await Promise.allSettled(steps);
  useOutboxStore.setState({ changes: [], sentCount: 0 });
}
