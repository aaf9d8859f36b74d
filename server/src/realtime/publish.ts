/**
 * publish(companyId, event, payload): sends a typed event to everyone in the
 * company's room, on every web process. Call it only after the transaction commits.
 * Inside a web process it goes through the Socket.IO server (and its Redis adapter);
 * elsewhere (worker, scripts, tests without a gateway) through the Redis emitter.
 */
import { companyRoom, type ServerEventName, type ServerEvents, userRoom } from "@sched/shared-types";
import { Emitter } from "@socket.io/redis-emitter";
import type { Server } from "socket.io";
import { config } from "../config";
import { logger } from "../logger";
import { newRedisConnection } from "../redis";
import type { Gateway } from "./gateway";
import { forgetMember } from "./member-cache";
import { presenceRoom, refreshPresenceOf } from "./presence";

export const SOCKET_IO_KEY = `${config.redisPrefix}socket.io`;

type Target = Pick<Server, "to" | "in">;

let server: Gateway | undefined;
let emitter: Emitter | undefined;

/** The gateway of this process publishes from now on; undefined falls back to the emitter. */
export function usePublisher(io: Gateway | undefined): void {
  server = io;
}

/** The gateway publishing in this process, if any. */
export function currentPublisher(): Gateway | undefined {
  return server;
}

function target(): Target {
  if (server) return server as unknown as Target;
  emitter ??= new Emitter(newRedisConnection(), { key: SOCKET_IO_KEY });
  return emitter as unknown as Target;
}

export function publish<E extends ServerEventName>(
  companyId: string,
  event: E,
  payload: ServerEvents[E],
): void {
  target().to(companyRoom(companyId)).emit(event, payload);
}

export function publishToUser<E extends ServerEventName>(
  userId: string,
  event: E,
  payload: ServerEvents[E],
): void {
  target().to(userRoom(userId)).emit(event, payload);
}

type RoomChange = (sockets: ReturnType<Target["in"]>) => void;

/**
 * Applies a room change to the user's sockets: at once on this process, then on every
 * process through Redis. The Redis adapter alone would apply it only when its own
 * message comes back, after an event published in between had reached the socket.
 */
function changeRoomsOf(userId: string, change: RoomChange): void {
  if (server) change(server.local.in(userRoom(userId)) as unknown as ReturnType<Target["in"]>);
  change(target().in(userRoom(userId)));
}

/**
 * A member removed from a company leaves its room at once, on every process: no more
 * events, no presence on its board, and the chat poll's membership note is forgotten.
 * Call it after the membership row is deleted.
 */
export function removeUserFromCompanyRoom(userId: string, companyId: string): void {
  forgetMember(userId, companyId).catch((error) => logger.warn({ err: error }, "could not forget member"));
  changeRoomsOf(userId, (sockets) => sockets.socketsLeave([companyRoom(companyId), presenceRoom(companyId)]));
  // A gateway also tells the others that the removed user's avatar is gone from their board.
  if (server) {
    refreshPresenceOf(server, userId, companyId).catch((error) =>
      logger.warn({ err: error }, "could not refresh presence after removal"),
    );
  }
}

/** A new member's open sockets start receiving the company's events. */
export function addUserToCompanyRoom(userId: string, companyId: string): void {
  changeRoomsOf(userId, (sockets) => sockets.socketsJoin(companyRoom(companyId)));
}
