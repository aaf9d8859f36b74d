import { type ConnectionStatus as Status, useSocketStore } from "../lib/socket";
import { useIsOnline } from "../lib/useIsOnline";

/** The socket's state, or "offline" while the browser has no network (docs/offline.md). */
type Shown = Exclude<Status, "idle"> | "offline";

const LABELS: Record<Shown, string> = {
  offline: "Offline",
  connecting: "Connecting",
  live: "Live",
  reconnecting: "Reconnecting",
};

const HINTS: Record<Shown, string> = {
  offline: "Offline: changes by your team appear when you are back online",
  connecting: "Connecting to live updates",
  live: "Live: changes by your team appear instantly",
  reconnecting: "Connection lost: reconnecting to live updates",
};

/**
 * Whether changes made by others arrive live; a dot on phones, a dot and a word on desktop.
 * The socket notices a lost network only after its heartbeat times out (up to a minute),
 * so the browser's own "offline" wins at once: the dot never says Live beside the
 * Offline banner.
 */
export function ConnectionStatus() {
  const status = useSocketStore((state) => state.status);
  const isOnline = useIsOnline();
  // Not started yet (the connection waits for the first screen, Root.tsx) is connecting too.
  const shown: Shown = !isOnline ? "offline" : status === "idle" ? "connecting" : status;
  return (
    <span
      className={`connection-status connection-status--${shown}`}
      data-testid="connection-status"
      data-status={shown}
      role="status"
      title={HINTS[shown]}
      aria-label={HINTS[shown]}
    >
      <span className="connection-status__dot" aria-hidden="true" />
      <span className="connection-status__label">{LABELS[shown]}</span>
    </span>
  );
}
