/**
 * The publish port: how the domain tells browsers that something changed. Commands
 * call publish(companyId, event, payload) after their transaction commits; nothing
 * else in the code base does. The event's audience (EVENT_AUDIENCE) picks the rooms: a
 * socket hears only what its member may read through the API.
 *
 * A web process plugs its Socket.IO gateway in (setPublisher), so events go out
 * through the gateway and its Redis adapter. Everywhere else (the worker, scripts,
 * tests without a gateway) they go through the Redis emitter to the web processes'
 * adapter. See docs/realtime.md.
 */
import { createHash } from "node:crypto";
import {
  type CompanyEventName,
  companyRoom,
  EVENT_AUDIENCE,
  isOfficeRole,
  officeRoom,
  presenceRoom,
  type Role,
  type ServerEventName,
  type ServerEvents,
  sessionRoom,
  userRoom,
} from "@sched/shared-types";
import { Emitter } from "@socket.io/redis-emitter";
import { config } from "./config";
import { newPublishConnection } from "./redis";

/** The Redis channel prefix shared by the web processes' adapter and the emitter. */
export const SOCKET_IO_KEY = `${config.redisPrefix}socket.io`;

/** What a publisher must do; the gateway and the emitter both can. */
export interface RealtimePublisher {
  /** Sends to every socket in `room`, but those also in `except`. */
  emit(room: string, event: string, payload: unknown, except?: string): void;
  /** Makes every socket in `room` join or leave `rooms`, on every process. */
  changeRooms(room: string, change: "join" | "leave", rooms: string[]): void;
  /** Called after a member has left a company's rooms (the gateway refreshes presence). */
  memberLeft?(userId: string, companyId: string): void;
  /**
   * Disconnects every socket in `room`, on every process. The client connects again and
   * the handshake decides anew: refused without a session, else the rooms of now
   * (docs/realtime.md).
   */
  disconnect(room: string): void;
}

let publisher: RealtimePublisher | undefined;
let emitterPublisher: RealtimePublisher | undefined;

/** The gateway of this process publishes from now on; undefined falls back to the emitter. */
export function setPublisher(next: RealtimePublisher | undefined): void {
  publisher = next;
}

/** The publisher this process plugged in, if any (undefined: the emitter is used). */
export function currentPublisher(): RealtimePublisher | undefined {
  return publisher;
}

function emitterTarget(): RealtimePublisher {
  if (!emitterPublisher) {
    // An event sent while Redis is away is lost, never held or thrown (docs/reliability.md).
    const emitter = new Emitter(newPublishConnection(), { key: SOCKET_IO_KEY });
    emitterPublisher = {
      emit: (room, event, payload, except) =>
        (except ? emitter.to(room).except(except) : emitter.to(room)).emit(event, payload),
      changeRooms: (room, change, rooms) =>
        change === "join" ? emitter.in(room).socketsJoin(rooms) : emitter.in(room).socketsLeave(rooms),
      disconnect: (room) => emitter.in(room).disconnectSockets(true),
    };
  }
  return emitterPublisher;
}

const target = () => publisher ?? emitterTarget();

/** Tells the company's members who may hear `event` (docs/realtime.md). */
export function publish<E extends CompanyEventName>(
  companyId: string,
  event: E,
  payload: ServerEvents[E],
): void {
  const current = target();
  const audience = EVENT_AUDIENCE[event];
  if (audience === "company") {
    current.emit(companyRoom(companyId), event, payload);
    return;
  }
  current.emit(officeRoom(companyId), event, payload);
  if (audience === "officeAndSignal") {
    current.emit(companyRoom(companyId), event, { companyId }, officeRoom(companyId));
  }
}

export function publishToUser<E extends ServerEventName>(
  userId: string,
  event: E,
  payload: ServerEvents[E],
): void {
  target().emit(userRoom(userId), event, payload);
}

/**
 * A member removed from a company leaves its room at once, on every process: no more
 * events and no presence on its board. Call it after the membership row is deleted.
 */
export function removeUserFromCompanyRoom(userId: string, companyId: string): void {
  const current = target();
  current.changeRooms(userRoom(userId), "leave", [
    companyRoom(companyId),
    officeRoom(companyId),
    presenceRoom(companyId),
  ]);
  current.memberLeft?.(userId, companyId);
}

/** A new member's open sockets start receiving the company's events, the office's too for its role. */
export function addUserToCompanyRoom(userId: string, companyId: string, role: Role): void {
  const rooms = isOfficeRole(role)
    ? [companyRoom(companyId), officeRoom(companyId)]
    : [companyRoom(companyId)];
  target().changeRooms(userRoom(userId), "join", rooms);
}

/**
 * The room of the sockets opened with one session. Its name carries a digest of the
 * session id: the id is a credential, and room names travel through Redis.
 */
export function sessionRoomOf(sessionId: string): string {
  return sessionRoom(createHash("sha256").update(sessionId).digest("hex").slice(0, 32));
}

/** Logout and expiry: the session's open sockets are disconnected, on every process. */
export function endSessionSockets(sessionId: string): void {
  target().disconnect(sessionRoomOf(sessionId));
}

/**
 * Every open socket of the user is disconnected; each reconnects and joins the rooms of
 * the companies the user belongs to now (a member removed from a company).
 */
export function disconnectUserSockets(userId: string): void {
  target().disconnect(userRoom(userId));
}
