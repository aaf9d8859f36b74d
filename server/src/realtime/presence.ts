/**
 * Presence on the board: who else is looking at the same week. A socket that shows a
 * board says presence.join {companyId, weekStart}; it is then in the room
 * `presence:<companyId>` and its socket.data says which week. The list of a week is
 * read from the adapter (fetchSockets asks every web process through Redis), so a
 * process that dies takes its viewers with it and nothing stale is left in Redis.
 */

import { logger } from "@sched/core/logger";
import {
  type ClientAck,
  companyRoom,
  type PresenceUser,
  presenceRoom,
  userRoom,
  ZPresenceJoin,
  ZPresenceLeave,
} from "@sched/shared-types";
import type { Gateway, GatewaySocket } from "./gateway";

const NOT_A_MEMBER = "You are not a member of this company";

/** Sends the company the current viewers of one week. */
export async function broadcastPresence(io: Gateway, companyId: string, weekStart: string): Promise<void> {
  const sockets = await io.in(presenceRoom(companyId)).fetchSockets();
  const viewers = new Map<string, PresenceUser>();
  for (const socket of sockets) {
    const { presence, userId, firstName, lastName } = socket.data;
    if (presence?.companyId === companyId && presence.weekStart === weekStart) {
      viewers.set(userId, { userId, firstName, lastName });
    }
  }
  const users = [...viewers.values()].sort((a, b) =>
    `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`),
  );
  io.to(companyRoom(companyId)).emit("presence.updated", { companyId, weekStart, users });
}

/**
 * After `userId` left the rooms of `companyId` (member removed), tells the company that
 * their avatars are gone from every week they were viewing.
 */
export async function refreshPresenceOf(io: Gateway, userId: string, companyId: string): Promise<void> {
  const sockets = await io.in(userRoom(userId)).fetchSockets();
  const weeks = new Set<string>();
  for (const socket of sockets) {
    if (socket.data.presence?.companyId === companyId) weeks.add(socket.data.presence.weekStart);
  }
  for (const weekStart of weeks) await broadcastPresence(io, companyId, weekStart);
}

function report(error: unknown) {
  logger.warn({ err: error }, "presence broadcast failed");
}

/** Leaves the week the socket was showing (if any) and tells that week's viewers. */
function leave(io: Gateway, socket: GatewaySocket) {
  const previous = socket.data.presence;
  if (!previous) return;
  socket.data.presence = undefined;
  void socket.leave(presenceRoom(previous.companyId));
  broadcastPresence(io, previous.companyId, previous.weekStart).catch(report);
}

export function registerPresence(io: Gateway, socket: GatewaySocket): void {
  socket.on("presence.join", (payload, ack?: ClientAck) => {
    const parsed = ZPresenceJoin.safeParse(payload);
    if (!parsed.success) return ack?.({ ok: false, message: parsed.error.issues[0].message });
    const { companyId, weekStart } = parsed.data;
    // The room, not a list kept at handshake: a member removed since then has left it.
    if (!socket.rooms.has(companyRoom(companyId))) return ack?.({ ok: false, message: NOT_A_MEMBER });
    const previous = socket.data.presence;
    if (previous?.companyId === companyId && previous.weekStart === weekStart) return ack?.({ ok: true });
    leave(io, socket);
    socket.data.presence = { companyId, weekStart };
    void socket.join(presenceRoom(companyId));
    broadcastPresence(io, companyId, weekStart).catch(report);
    ack?.({ ok: true });
  });

  socket.on("presence.leave", (payload, ack?: ClientAck) => {
    const parsed = ZPresenceLeave.safeParse(payload);
    if (!parsed.success) return ack?.({ ok: false, message: parsed.error.issues[0].message });
    if (socket.data.presence?.companyId === parsed.data.companyId) leave(io, socket);
    ack?.({ ok: true });
  });

  socket.on("disconnect", (reason) => {
    const previous = socket.data.presence;
    // A server shutting down closes its Redis connections next: every viewer is leaving anyway.
    if (!previous || reason === "server shutting down") return;
    broadcastPresence(io, previous.companyId, previous.weekStart).catch(report);
  });
}
