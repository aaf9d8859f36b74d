/**
 * The one place realtime events reach the query cache (ARCHITECTURE section 6):
 * components never subscribe themselves. Each event invalidates the queries whose
 * key starts with the API path of the resource it changed; lists that are on screen
 * refetch at once, others when next shown.
 */
import type { ServerEventName } from "@sched/shared-types";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSocketStore } from "./socket";

/** Which query roots an event makes stale, by the event's resource (the part before the dot). */
export const QUERY_ROOTS_BY_RESOURCE: Record<string, readonly string[]> = {
  job: ["/api/jobs"],
  employee: ["/api/employees", "/api/jobs"],
  template: ["/api/templates", "/api/jobs", "/api/weekly-schedules"],
  weeklySchedule: ["/api/weekly-schedules"],
  chat: ["/api/chat"],
  callRecord: ["/api/call-records", "/api/daily-calls"],
  dailyCall: ["/api/daily-calls"],
  member: ["/api/companies", "/api/user/companies"],
  invitation: ["/api/companies"],
  subscription: ["/api/company"],
  notification: ["/api/notifications"],
};

export function queryRootsFor(event: string): readonly string[] {
  return QUERY_ROOTS_BY_RESOURCE[event.split(".")[0]] ?? [];
}

export function applyEvent(queryClient: QueryClient, event: ServerEventName | string): void {
  for (const root of queryRootsFor(event)) {
    void queryClient.invalidateQueries({ queryKey: [root] });
  }
}

/** Mount once while signed in. */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  const socket = useSocketStore((state) => state.socket);
  useEffect(() => {
    if (!socket) return;
    const onEvent = (event: string) => applyEvent(queryClient, event);
    socket.onAny(onEvent);
    return () => {
      socket.offAny(onEvent);
    };
  }, [socket, queryClient]);
}
