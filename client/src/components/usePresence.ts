/**
 * Presence on the board: the other signed-in users viewing the same week. The board says
 * which week it shows (presence.join) while the connection is live; useRealtime files
 * the gateway's presence.updated in presenceStore, so no component subscribes to the socket.
 */
import type { PresenceUser } from "@sched/shared-types";
import { useEffect, useMemo } from "react";
import { useAuth } from "../entities/user/useAuth";
import { useSocketStore } from "../lib/socket";
import { usePresenceStore, weekKey } from "./presenceStore";

const NOBODY: PresenceUser[] = [];

/**
 * Announces that this tab views `weekStart` of `companyId` and returns the other users
 * viewing it. Joins again after a reconnect: the server forgets a socket that left.
 */
export function usePresence(companyId: string | null, weekStart: string): PresenceUser[] {
  const socket = useSocketStore((state) => state.socket);
  const isLive = useSocketStore((state) => state.status === "live");
  const { user } = useAuth();

  useEffect(() => {
    if (!socket || !isLive || !companyId) return;
    socket.emit("presence.join", { companyId, weekStart });
    return () => {
      // Not while disconnected: Socket.IO would send a late leave after the next join.
      if (socket.connected) socket.emit("presence.leave", { companyId });
    };
  }, [socket, isLive, companyId, weekStart]);

  const viewers = usePresenceStore((state) =>
    companyId ? (state.viewers[weekKey(companyId, weekStart)] ?? NOBODY) : NOBODY,
  );
  const userId = user?.id;
  // While reconnecting the list may be stale: show nobody rather than people who left.
  return useMemo(
    () => (isLive ? viewers.filter((viewer) => viewer.userId !== userId) : NOBODY),
    [isLive, viewers, userId],
  );
}
