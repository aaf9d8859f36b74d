/** Sockets for tests: a gateway on a real port, and clients that carry a session cookie. */
import { createServer } from "node:http";
import { PASSWORD } from "@sched/core/test/factories";
import { io as connect, type Socket } from "socket.io-client";
import { sessionMiddleware } from "../src/auth/session";
import { attachGateway } from "../src/realtime/gateway";
import { anonymous, app, listen } from "./support";

export async function startGateway() {
  const httpServer = createServer(app);
  const io = attachGateway(httpServer, sessionMiddleware);
  const { url } = await listen(httpServer);
  return {
    url,
    io,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

export async function sessionCookieFor(user: { email: string }): Promise<string> {
  const res = await anonymous().post("/api/login").send({ email: user.email, password: PASSWORD });
  const cookies = res.headers["set-cookie"] as unknown as string[];
  return cookies.find((c) => c.startsWith("sched.sid="))!.split(";")[0];
}

/** Connects and resolves once the server accepted the socket (rooms already joined). */
export function connectSocket(url: string, headers: Record<string, string> = {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { transports: ["websocket"], extraHeaders: headers, reconnection: false });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Resolves with the next `event` on `socket`, or rejects after `ms`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
