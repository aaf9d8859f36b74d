/**
 * A listening post for events, for tests that run without the web process (the worker's):
 * a plain Socket.IO server on the Redis adapter, under the same key as core's publish
 * port, so whatever publish() sends through the Redis emitter reaches it as it reaches
 * the web processes. Its clients join the rooms a test names; who may join which room is
 * the gateway's business and is tested with the server (docs/realtime.md).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdapter } from "@socket.io/redis-adapter";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { SOCKET_IO_KEY } from "../src/publish";
import { newRedisConnection } from "../src/redis";

export type ListeningPost = Awaited<ReturnType<typeof startListeningPost>>;

export async function startListeningPost() {
  const httpServer = createServer();
  const pub = newRedisConnection();
  const sub = pub.duplicate();
  const io = new Server(httpServer, { serveClient: false });
  io.adapter(createAdapter(pub, sub, { key: SOCKET_IO_KEY }));
  io.use(async (socket, next) => {
    const rooms: unknown = socket.handshake.auth.rooms;
    if (!Array.isArray(rooms) || !rooms.every((room) => typeof room === "string"))
      return next(new Error("rooms must be a list of room names"));
    await socket.join(rooms);
    next();
  });
  // The adapter subscribes as it is made; a reply to a later command on the same connection
  // means the subscription is in place, so nothing published from here on is missed.
  await sub.ping();
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const clients: Socket[] = [];

  /** A client in `rooms`; resolves once the server has accepted it (rooms already joined). */
  function listen(rooms: string[]): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(url, { transports: ["websocket"], auth: { rooms }, reconnection: false });
      clients.push(socket);
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", reject);
    });
  }

  return {
    io,
    listen,
    close: async () => {
      for (const client of clients) client.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      pub.disconnect();
      sub.disconnect();
    },
  };
}

/** Resolves with the next `event` on `socket`, or rejects after `ms`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
