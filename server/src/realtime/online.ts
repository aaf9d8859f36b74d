/**
 * Who is online now, for the chat's team directory (docs/realtime.md): a
 * member with at least one open socket in the company's room, on any web process
 * (fetchSockets asks every process through the Redis adapter), so nothing is kept that a
 * dying process could leave behind. Each socket that opens or closes tells its companies
 * `presence.online`, and their directories ask again.
 */
import { logger } from "@sched/core/logger";
import { companyRoom } from "@sched/shared-types";
import type { Gateway, GatewaySocket } from "./gateway";

const COMPANY_ROOM_PREFIX = companyRoom("");

/** The gateway the online list is read from; none in a process that serves no sockets. */
let source: Gateway | undefined;

export function setOnlineSource(io: Gateway | undefined): void {
  source = io;
}

export function isOnlineSource(io: Gateway): boolean {
  return source === io;
}

/** The ids of the company's members with an open socket now, sorted; none without a gateway. */
export async function onlineUserIds(companyId: string): Promise<string[]> {
  if (!source) return [];
  const sockets = await source.in(companyRoom(companyId)).fetchSockets();
  return [...new Set(sockets.map((socket) => socket.data.userId))].sort();
}

const companiesOf = (rooms: Set<string>) =>
  [...rooms]
    .filter((room) => room.startsWith(COMPANY_ROOM_PREFIX))
    .map((room) => room.slice(COMPANY_ROOM_PREFIX.length));

function announce(io: Gateway, companyIds: string[]): void {
  for (const companyId of companyIds) io.to(companyRoom(companyId)).emit("presence.online", { companyId });
}

/** Tells the socket's companies when it opens and when it closes. */
export function registerOnline(io: Gateway, socket: GatewaySocket): void {
  announce(io, companiesOf(socket.rooms));
  let companyIds: string[] = [];
  // The rooms are gone by "disconnect": read them while the socket is leaving.
  socket.on("disconnecting", () => {
    companyIds = companiesOf(socket.rooms);
  });
  socket.on("disconnect", (reason) => {
    // A server shutting down closes its Redis connections next: nobody is left to tell.
    if (reason === "server shutting down") return;
    try {
      announce(io, companyIds);
    } catch (error) {
      logger.warn({ err: error }, "online broadcast failed");
    }
  });
}
