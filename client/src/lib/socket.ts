/**
 * The one Socket.IO connection of a signed-in tab: same origin, session cookie. It is
 * opened after sign-in and closed at logout. The server puts it in the rooms of all the
 * user's companies. Feature code reads `useSocketStore((s) => s.socket)` to listen.
 */
import type { ClientEvents, ServerEvents } from "@sched/shared-types";
import type { io as openSocket, Socket } from "socket.io-client";
import { create } from "zustand";

type ServerEventHandlers = { [E in keyof ServerEvents]: (payload: ServerEvents[E]) => void };
type AppSocket = Socket<ServerEventHandlers, ClientEvents>;

/** idle: not signed in; connecting: first attempt; live: connected; reconnecting: lost, trying again. */
export type ConnectionStatus = "idle" | "connecting" | "live" | "reconnecting";

type SocketState = { socket: AppSocket | null; status: ConnectionStatus };

export const useSocketStore = create<SocketState>()(() => ({ socket: null, status: "idle" }));

/** When the server refuses the handshake Socket.IO stops trying; we try again after this long. */
const REFUSED_RETRY_MS = 5000;

// Bumped on every connect/disconnect so a pending retry cannot revive a closed session.
let generation = 0;
let refusedRetry: ReturnType<typeof setTimeout> | undefined;
let stopWatching: (() => void) | undefined;

type ConnectOptions = {
  /**
   * Socket.IO's client, handed in by the realtime chunk (app/Realtime.tsx) that imports it,
   * so the sign-in page does not pay for it and it comes with that chunk, not after it.
   */
  io: typeof openSocket;
  /**
   * Runs each time the socket joins its rooms, with the moment it did. Delivery is at most
   * once: a change made before the join (while away, or between the screen's first load and
   * the first connection) was never sent to this tab, so what was read before must be read again.
   */
  onConnect: (connectedAt: number) => void;
};

/** Opens the connection if it is not open yet. */
export function connectSocket({ io, onConnect }: ConnectOptions): void {
  if (useSocketStore.getState().status !== "idle") return;
  const current = ++generation;
  useSocketStore.setState({ status: "connecting" });
  const socket: AppSocket = io({ withCredentials: true });
  socket.on("connect", () => {
    useSocketStore.setState({ status: "live" });
    onConnect(Date.now());
  });
  socket.on("disconnect", (reason) => {
    if (socket.active) useSocketStore.setState({ status: "reconnecting" });
    // The server ended it on purpose (the session ended, or the user left a company): ask
    // again at once. The handshake refuses an ended session, or joins the rooms of now.
    else if (reason === "io server disconnect") {
      useSocketStore.setState({ status: "reconnecting" });
      socket.connect();
    }
  });
  socket.on("connect_error", () => {
    useSocketStore.setState({ status: "reconnecting" });
    if (socket.active) return;
    clearTimeout(refusedRetry);
    refusedRetry = setTimeout(() => {
      if (current === generation) socket.connect();
    }, REFUSED_RETRY_MS);
  });
  useSocketStore.setState({ socket });
  watchForReturn(socket, current);
}

/**
 * A tab coming back into view (or back online) whose connection was lost while it was in
 * the background asks again at once, instead of waiting out the reconnection backoff
 * (up to 5 s), so it hears changes as soon as another browser would (docs/realtime.md).
 */
function watchForReturn(socket: AppSocket, current: number): void {
  const reconnectNow = () => {
    if (current !== generation || document.visibilityState !== "visible" || socket.connected) return;
    useSocketStore.setState({ status: "reconnecting" });
    // disconnect() drops the pending backoff; connect() opens a new connection right away.
    socket.disconnect().connect();
  };
  document.addEventListener("visibilitychange", reconnectNow);
  window.addEventListener("online", reconnectNow);
  stopWatching = () => {
    document.removeEventListener("visibilitychange", reconnectNow);
    window.removeEventListener("online", reconnectNow);
  };
}

/** Closes the connection (logout); safe to call when none is open. */
export function disconnectSocket(): void {
  generation++;
  clearTimeout(refusedRetry);
  stopWatching?.();
  stopWatching = undefined;
  const { socket } = useSocketStore.getState();
  socket?.removeAllListeners();
  socket?.disconnect();
  useSocketStore.setState({ socket: null, status: "idle" });
}

/** Reconnects so the server puts this socket in the room of a company the user just joined. */
export function rejoinSocketRooms(): void {
  useSocketStore.getState().socket?.disconnect().connect();
}
