import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { io } from "socket.io-client";
import { refetchStaleQueries } from "../lib/refetchStale";
import { connectSocket, disconnectSocket } from "../lib/socket";
import { useRealtime } from "../realtime/useRealtime";

/**
 * The realtime connection of a signed-in user (docs/realtime.md): server events into the
 * query cache, then the socket, closed when the user signs out. Its own chunk, loaded
 * once someone is signed in: the sign-in page does not need it. Socket.IO's client is in
 * it, asked for with it, so the socket joins its rooms as soon as this mounts, before the
 * screens ask for their data (docs/performance.md). Connecting only after
 * the events are listened to means none is missed. Root mounts it anew for each user.
 */
export default function Realtime() {
  const queryClient = useQueryClient();
  useRealtime();
  useEffect(() => {
    // Events sent before this tab joined its rooms never reach it: what was asked for before
    // the join is read again. At the first connection: who is signed in and their companies.
    connectSocket({
      io,
      onConnect: (connectedAt) => refetchStaleQueries(queryClient, connectedAt),
    });
    // Signed out (or another user): Root unmounts this, and the connection ends with it.
    return () => disconnectSocket();
  }, [queryClient]);
  return null;
}
