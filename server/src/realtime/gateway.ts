/**
 * The Socket.IO gateway, on the web server's own port. The handshake must carry a
 * valid session cookie and come from the app's own origin; the socket then joins
 * `company:<id>` for each company its user belongs to, `office:<id>` for those where
 * their role is the office's (owner, admin), `user:<id>`, the room of its session, and
 * nothing else. Rooms are the live truth of membership on every process:
 * removeUserFromCompanyRoom and addUserToCompanyRoom change them through the Redis
 * adapter. A socket lives no longer than its session: logout disconnects the session's
 * room, and each socket disconnects itself when the session expires (docs/realtime.md).
 */
import type { Server as HttpServer } from "node:http";
import { logger } from "@sched/core/logger";
import {
  currentPublisher,
  type RealtimePublisher,
  SOCKET_IO_KEY,
  sessionRoomOf,
  setPublisher,
} from "@sched/core/publish";
import { listMemberships } from "@sched/core/queries/memberships";
import { loadUserName } from "@sched/core/queries/socket-access";
import { newPublishConnection, newRedisConnection } from "@sched/core/redis";
import {
  type ClientEvents,
  companyRoom,
  isOfficeRole,
  officeRoom,
  type ServerEvents,
  userRoom,
} from "@sched/shared-types";
import { createAdapter } from "@socket.io/redis-adapter";
import type { RequestHandler } from "express";
import type { Session, SessionData } from "express-session";
import { Server, type Socket } from "socket.io";
import { isOwnOrigin } from "../http/same-origin";
import { isOnlineSource, registerOnline, setOnlineSource } from "./online";
import { refreshPresenceOf, registerPresence } from "./presence";
import { revalidateEvery } from "./revalidate";

/** What a socket carries; presence is the board week it shows, if any. */
export type SocketData = {
  userId: string;
  firstName: string;
  lastName: string;
  presence?: { companyId: string; weekStart: string };
  /** When the session the socket was opened with expires (epoch ms), if it does. */
  sessionExpiresAt?: number;
  /** The session the socket was opened with, checked again every few seconds (./revalidate.ts). */
  sessionId?: string;
};
type ServerEventHandlers = { [E in keyof ServerEvents]: (payload: ServerEvents[E]) => void };
export type Gateway = Server<ClientEvents, ServerEventHandlers, Record<string, never>, SocketData>;
export type GatewaySocket = Socket<ClientEvents, ServerEventHandlers, Record<string, never>, SocketData>;

type RequestWithSession = { session?: Session & Partial<SessionData> };

/** The longest delay setTimeout takes; a session's 30 days are waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Disconnects the socket when its session expires, as logout would (the client reconnects and is refused). */
function endAtSessionExpiry(socket: GatewaySocket, expiresAt: number): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const left = expiresAt - Date.now();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
  };
  socket.on("disconnect", () => clearTimeout(timer));
  check();
}

/** The signed-in user's name and the rooms of their companies, or undefined when the account is gone. */
async function loadSocketUser(userId: string) {
  const user = await loadUserName(userId);
  if (!user) return undefined;
  const memberships = await listMemberships(userId);
  const companyRooms = memberships.flatMap((m) =>
    isOfficeRole(m.role) ? [companyRoom(m.id), officeRoom(m.id)] : [companyRoom(m.id)],
  );
  return { ...user, companyRooms };
}

export function attachGateway(httpServer: HttpServer, sessionMiddleware: RequestHandler): Gateway {
  // Publishing never waits for Redis (an event sent during an outage is lost; clients refetch
  // on reconnect); the subscriber waits for it and subscribes again when it is back.
  const pub = newPublishConnection();
  const sub = newRedisConnection();
  const io: Gateway = new Server(httpServer, {
    serveClient: false,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      // Same-origin polling requests carry no Origin header; any Origin must be ours.
      const isAllowed = !origin || isOwnOrigin(origin, req.headers.host);
      callback(isAllowed ? null : "Origin not allowed", isAllowed);
    },
  });
  io.adapter(createAdapter(pub, sub, { key: SOCKET_IO_KEY }));
  io.engine.use(sessionMiddleware);

  io.use(async (socket, next) => {
    const session = (socket.request as RequestWithSession).session;
    const userId = session?.userId;
    if (!session || !userId) return next(new Error("Not signed in"));
    try {
      const user = await loadSocketUser(userId);
      if (!user) return next(new Error("Not signed in"));
      socket.data.userId = userId;
      socket.data.firstName = user.firstName;
      socket.data.lastName = user.lastName;
      socket.data.sessionExpiresAt = session.cookie.expires?.getTime();
      socket.data.sessionId = session.id;
      // Rooms are joined before the client sees `connect`, so no event slips past.
      await socket.join([userRoom(userId), sessionRoomOf(session.id), ...user.companyRooms]);
      next();
    } catch (error) {
      logger.error({ err: error, userId }, "socket handshake failed");
      next(new Error("Server error"));
    }
  });

  io.on("connection", (socket) => {
    const { sessionExpiresAt } = socket.data;
    if (sessionExpiresAt !== undefined) endAtSessionExpiry(socket, sessionExpiresAt);
    registerPresence(io, socket);
    registerOnline(io, socket);
  });
  setOnlineSource(io);
  const stopRevalidating = revalidateEvery(io);

  const publisher = gatewayPublisher(io);
  setPublisher(publisher);
  const close = io.close.bind(io);
  io.close = (callback) =>
    close((error) => {
      stopRevalidating();
      // Another gateway of this process (tests run two) keeps publishing.
      if (currentPublisher() === publisher) setPublisher(undefined);
      if (isOnlineSource(io)) setOnlineSource(undefined);
      pub.disconnect();
      sub.disconnect();
      callback?.(error);
    });
  return io;
}

/** The gateway as the domain's publisher (@sched/core/publish). */
function gatewayPublisher(io: Gateway): RealtimePublisher {
  return {
    emit: (room, event, payload, except) =>
      (except ? io.to(room).except(except) : io.to(room)).emit(event as keyof ServerEvents, payload as never),
    changeRooms: (room, change, rooms) => {
      // At once on this process, then on every process through Redis: the adapter alone
      // would apply it only when its own message comes back, after an event published
      // in between had reached the socket.
      for (const sockets of [io.local.in(room), io.in(room)]) {
        if (change === "join") sockets.socketsJoin(rooms);
        else sockets.socketsLeave(rooms);
      }
    },
    disconnect: (room) => {
      // At once here, and through Redis on the other processes (the adapter's request
      // is not applied by the process that sends it).
      io.local.in(room).disconnectSockets(true);
      io.in(room).disconnectSockets(true);
    },
    memberLeft: (userId, companyId) => {
      // The others' boards lose the removed user's avatar.
      refreshPresenceOf(io, userId, companyId).catch((error) =>
        logger.warn({ err: error }, "could not refresh presence after removal"),
      );
    },
  };
}
