/**
 * Who views which week of the board, as the gateway's presence.updated says: useRealtime
 * files it here, usePresence reads it. Kept apart from that hook so the realtime
 * updater, which every page loads, does not bring the board's hook along.
 */
import type { PresenceUser } from "@sched/shared-types";
import { create } from "zustand";

export const weekKey = (companyId: string, weekStart: string) => `${companyId}/${weekStart}`;

type PresenceState = {
  /** Viewers by "<companyId>/<weekStart>", the signed-in user included. */
  viewers: Record<string, PresenceUser[]>;
  setViewers: (companyId: string, weekStart: string, users: PresenceUser[]) => void;
};

export const usePresenceStore = create<PresenceState>()((set) => ({
  viewers: {},
  setViewers: (companyId, weekStart, users) =>
    set((state) => ({ viewers: { ...state.viewers, [weekKey(companyId, weekStart)]: users } })),
}));
