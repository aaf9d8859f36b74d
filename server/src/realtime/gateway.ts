/**
 * The Socket.IO gateway, on the web server's own port. The handshake must carry a
 * valid session cookie and come from the app's own origin; the socket then joins
 * `company:<id>` for each company its user belongs to, `user:<id>`, and nothing else.
 */
import type { Server as HttpServer } from "node:http";
import { type ClientEvents, companyRoom, type ServerEvents, userRoom } from "@sched/shared-types";
import { createAdapter } from "@socket.io/redis-adapter";
import type { RequestHandler } from "express";
import type { Session, SessionData } from "express-session";
import { Server } from "socket.io";
import { isOwnOrigin } from "../middleware/same-origin";
import { newRedisConnection } from "../redis";
import { listMemberships } from "../routes/companies";
import { registerPresence } from "./presence";
import { SOCKET_IO_KEY, usePublisher } from "./publish";

type SocketData = { userId: string; companyIds: string[] };
type ServerEventHandlers = { [E in keyof ServerEvents]: (payload: ServerEvents[E]) => void };
export type Gateway = Server<ClientEvents, ServerEventHandlers, Record<string, never>, SocketData>;

type RequestWithSession = { session?: Session & Partial<SessionData> };

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
    const memberships = await listMemberships(userId);
    socket.data.userId = userId;
    socket.data.companyIds = memberships.map((m) => m.id);
    // Rooms are joined before the client sees `connect`, so no event slips past.
    await socket.join([userRoom(userId), ...socket.data.companyIds.map(companyRoom)]);
    next();
  });

  io.on("connection", (socket) => registerPresence(io, socket));

  usePublisher(io);
  const close = io.close.bind(io);
  io.close = (callback) =>
    close((error) => {
      usePublisher(undefined);
      pub.disconnect();
      sub.disconnect();
      callback?.(error);
    });
  return io;
}
