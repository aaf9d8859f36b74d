import { type ConnectionStatus as Status, useSocketStore } from "../lib/socket";

const LABELS: Record<Status, string> = {
  idle: "Offline",
  connecting: "Connecting",
  live: "Live",
  reconnecting: "Reconnecting",
};

const HINTS: Record<Status, string> = {
  idle: "Live updates are off",
  connecting: "Connecting to live updates",
  live: "Live: changes by your team appear instantly",
  reconnecting: "Connection lost: reconnecting to live updates",
};

/** Whether changes made by others arrive live; a dot on phones, a dot and a word on desktop. */
export function ConnectionStatus() {
  const status = useSocketStore((state) => state.status);
  return (
    <span
      className={`connection-status connection-status--${status}`}
      data-testid="connection-status"
      data-status={status}
      role="status"
      title={HINTS[status]}
      aria-label={HINTS[status]}
    >
      <span className="connection-status__dot" aria-hidden="true" />
      <span className="connection-status__label">{LABELS[status]}</span>
    </span>
  );
}
