import type { PresenceUser } from "@sched/shared-types";
import { Avatar, Tooltip } from "antd";
import { usePresence } from "./usePresence";
import "./presence.css";

/** Shown avatars before the rest fold into "+N". */
const MAX_SHOWN = 4;
// Dark enough for white initials (WCAG AA contrast).
const COLORS = ["#0f766e", "#9333ea", "#c2410c", "#4f46e5", "#db2777", "#15803d", "#2563eb", "#dc2626"];

/** The same person keeps the same colour on every screen. */
function colorOf(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length];
}

const fullName = (user: PresenceUser) => `${user.firstName} ${user.lastName}`.trim();
const initialsOf = (user: PresenceUser) =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || "?";

/** "Adam Admin is also viewing this week", "Adam Admin and 2 others are also viewing this week". */
function describe(viewers: PresenceUser[]): string {
  const [first, ...others] = viewers;
  if (others.length === 0) return `${fullName(first)} is also viewing this week`;
  const rest = others.length === 1 ? fullName(others[0]) : `${others.length} others`;
  return `${fullName(first)} and ${rest} are also viewing this week`;
}

/**
 * The other signed-in users looking at the same week of the board: avatars and a line
 * saying who. Renders nothing when nobody else is there.
 */
export function PresenceAvatars({ companyId, weekStart }: { companyId: string | null; weekStart: string }) {
  const viewers = usePresence(companyId, weekStart);
  if (viewers.length === 0) return null;
  const label = describe(viewers);
  return (
    <div className="presence" data-testid="presence-avatars">
      <Avatar.Group max={{ count: MAX_SHOWN, style: { background: "#64748b" } }} size="small">
        {viewers.map((viewer) => (
          <Tooltip key={viewer.userId} title={fullName(viewer)}>
            <Avatar
              size="small"
              className="presence__avatar"
              style={{ background: colorOf(viewer.userId) }}
              data-testid="presence-avatar"
              aria-label={fullName(viewer)}
            >
              {initialsOf(viewer)}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
      <span className="presence__label">{label}</span>
    </div>
  );
}
