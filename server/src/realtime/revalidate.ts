/**
 * This process's sockets checked against the database every few seconds. Logout and a
 * member's removal reach the other processes' sockets through Redis at once; while Redis
 * is frozen or away they cannot, and a socket of a signed-out session or a removed member
 * would go on hearing what its own process publishes. The check bounds that to one
 * period, whatever Redis does: a socket whose session is gone is disconnected, a socket
 * leaves each company room its user no longer belongs to, and the office room of a company
 * where its user's role is no longer the office's (joining it when the role became one).
 * Two queries a period, however many sockets.
 */
import { logger } from "@sched/core/logger";
import { liveSessionIds, rolesOfUsers } from "@sched/core/queries/socket-access";
import { companyRoom, isOfficeRole, officeRoom, presenceRoom } from "@sched/shared-types";
import type { Gateway, GatewaySocket } from "./gateway";

export const REVALIDATE_EVERY_MS = 5_000;
/** The rooms that belong to one company: its events, its office's events and its board's presence. */
const COMPANY_ROOM_PREFIXES = [companyRoom(""), officeRoom(""), presenceRoom("")];

/** Checks the sockets of this process once; exported for tests. */
export async function revalidateLocalSockets(io: Gateway): Promise<void> {
  const sockets = [...io.of("/").sockets.values()].filter((socket) => socket.data.sessionId);
  if (sockets.length === 0) return;
  const sessionIds = [...new Set(sockets.map((socket) => socket.data.sessionId as string))];
  const userIds = [...new Set(sockets.map((socket) => socket.data.userId))];
  const [live, roles] = await Promise.all([liveSessionIds(sessionIds), rolesOfUsers(userIds)]);
  for (const socket of sockets) {
    if (!live.has(socket.data.sessionId as string)) {
      socket.disconnect(true);
      continue;
    }
    for (const [room, companyId] of companyRoomsOf(socket)) {
      const role = roles.get(`${socket.data.userId} ${companyId}`);
      const isOffice = role !== undefined && isOfficeRole(role);
      if (!role || (room === officeRoom(companyId) && !isOffice)) void socket.leave(room);
      else if (room === companyRoom(companyId) && isOffice) void socket.join(officeRoom(companyId));
    }
  }
}

/** [room, companyId] for each of the socket's rooms that belongs to a company. */
function companyRoomsOf(socket: GatewaySocket): [string, string][] {
  return [...socket.rooms].flatMap((room) => {
    const prefix = COMPANY_ROOM_PREFIXES.find((candidate) => room.startsWith(candidate));
    return prefix ? [[room, room.slice(prefix.length)] as [string, string]] : [];
  });
}

/** Runs the check every period until the gateway closes; a failed check waits for the next. */
export function revalidateEvery(io: Gateway, periodMs = REVALIDATE_EVERY_MS): () => void {
  let isRunning = false;
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    revalidateLocalSockets(io)
      .catch((error) => logger.warn({ err: error }, "could not check this process's sockets"))
      .finally(() => {
        isRunning = false;
      });
  }, periodMs);
  timer.unref();
  return () => clearInterval(timer);
}
