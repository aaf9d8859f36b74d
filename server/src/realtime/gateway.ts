/**
 * The Socket.IO gateway, on the web server's own port. The handshake must carry a
 * valid session cookie and come from the app's own origin; the socket then joins
 * `company:<id>` for each company its user belongs to, `user:<id>`, and nothing else.
 * Rooms are the live truth of membership on every process: removeUserFromCompanyRoom
 * and addUserToCompanyRoom change them through the Redis adapter.
 */
import type { Server as HttpServer } from "node:http";
import { type ClientEvents, companyRoom, type ServerEvents, userRoom } from "@sched/shared-types";
import { createAdapter } from "@socket.io/redis-adapter";
import { eq } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Session, SessionData } from "express-session";
import { Server, type Socket } from "socket.io";
import { db } from "../db/client";
import { users } from "../db/schema";
import { logger } from "../logger";
import { isOwnOrigin } from "../middleware/same-origin";
import { newRedisConnection } from "../redis";
import { listMemberships } from "../routes/companies";
import { registerPresence } from "./presence";
import { currentPublisher, SOCKET_IO_KEY, usePublisher } from "./publish";

/** What a socket carries; presence is the board week it shows, if any. */
export type SocketData = {
  userId: string;
  firstName: string;
  lastName: string;
  presence?: { companyId: string; weekStart: string };
};
type ServerEventHandlers = { [E in keyof ServerEvents]: (payload: ServerEvents[E]) => void };
export type Gateway = Server<ClientEvents, ServerEventHandlers, Record<string, never>, SocketData>;
export type GatewaySocket = Socket<ClientEvents, ServerEventHandlers, Record<string, never>, SocketData>;

type RequestWithSession = { session?: Session & Partial<SessionData> };

/** The signed-in user's name and companies, or undefined when the account is gone. */
async function loadSocketUser(userId: string) {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return undefined;
  const memberships = await listMemberships(userId);
  return { ...user, companyIds: memberships.map((m) => m.id) };
}

export function attachGateway(httpServer: HttpServer, sessionMiddleware: RequestHandler): Gateway {
  const pub = newRedisConnection();
  const sub = pub.duplicate();
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
    const userId = (socket.request as RequestWithSession).session?.userId;
    if (!userId) return next(new Error("Not signed in"));
    try {
      const user = await loadSocketUser(userId);
      if (!user) return next(new Error("Not signed in"));
      socket.data.userId = userId;
      socket.data.firstName = user.firstName;
      socket.data.lastName = user.lastName;
      // Rooms are joined before the client sees `connect`, so no event slips past.
      await socket.join([userRoom(userId), ...user.companyIds.map(companyRoom)]);
      next();
    } catch (error) {
      logger.error({ err: error, userId }, "socket handshake failed");
      next(new Error("Server error"));
    }
  });

  io.on("connection", (socket) => registerPresence(io, socket));

  usePublisher(io);
  const close = io.close.bind(io);
  io.close = (callback) =>
    close((error) => {
      // Another gateway of this process (tests run two) keeps publishing.
      if (currentPublisher() === io) usePublisher(undefined);
      pub.disconnect();
      sub.disconnect();
      callback?.(error);
    });
  return io;
}
