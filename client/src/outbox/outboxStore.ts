/**
 * What the screen knows of the outbox (docs/offline.md): the kept changes as IndexedDB
 * has them, whether the browser is online, and whether a send round is running. The
 * indicator and My Day's cards read it; only sender.ts and the resolving actions write it.
 */
import { create } from "zustand";
import { listChanges, type QueuedChange } from "./outbox";

type OutboxState = {
  changes: QueuedChange[];
  isOnline: boolean;
  isSending: boolean;
  /** Changes sent since the page opened: "All sent" only means something after one. */
  sentCount: number;
};

export const useOutboxStore = create<OutboxState>(() => ({
  changes: [],
  isOnline: typeof navigator === "undefined" ? true : navigator.onLine,
  isSending: false,
  sentCount: 0,
}));

/** Reads the outbox again after a change to it. */
export async function refreshOutbox(): Promise<void> {
  try {
    useOutboxStore.setState({ changes: await listChanges() });
  } catch {
    // No IndexedDB (a private window of an old browser): nothing is kept, nothing to show.
    useOutboxStore.setState({ changes: [] });
  }
}

/** Takes a sent change off the screen at once, in step with the list it joined (IndexedDB has dropped it). */
export const dropFromStore = (sent: QueuedChange) =>
  useOutboxStore.setState((state) => ({
    changes: state.changes.filter((change) => change.seq !== sent.seq),
  }));

export const setOnline = (isOnline: boolean) => useOutboxStore.setState({ isOnline });
export const setSending = (isSending: boolean) => useOutboxStore.setState({ isSending });
export const countSent = () => useOutboxStore.setState((state) => ({ sentCount: state.sentCount + 1 }));
