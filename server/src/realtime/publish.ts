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
import { newRedisConnection } from "../redis";

export const SOCKET_IO_KEY = `${config.redisPrefix}socket.io`;

type Target = Pick<Server, "to" | "in">;

let server: Target | undefined;
let emitter: Emitter | undefined;

export function usePublisher(io: Target | undefined): void {
  server = io;
}

function target(): Target {
  if (server) return server;
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

/** A member removed from a company leaves its room at once, on every process. */
export function removeUserFromCompanyRoom(userId: string, companyId: string): void {
  target().in(userRoom(userId)).socketsLeave(companyRoom(companyId));
}

/** A new member's open sockets start receiving the company's events. */
export function addUserToCompanyRoom(userId: string, companyId: string): void {
  target().in(userRoom(userId)).socketsJoin(companyRoom(companyId));
}
