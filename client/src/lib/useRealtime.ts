/**
 * The one place realtime events reach the query cache (ARCHITECTURE section 6):
 * components never subscribe themselves. An event whose payload is the whole changed
 * row updates the cached lists in place (the board moves a card without a refetch);
 * every other query root the event touches is invalidated: lists that are on screen
 * refetch at once, others when next shown.
 */
import type { EmployeeDTO, JobDTO, ServerEventName, ServerEvents } from "@sched/shared-types";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { usePresenceStore } from "../components/usePresence";
import { addPushedMessage, CHAT_ROOT, removeSender, updateSender } from "../features/chat/chatCache";
import { selectedCompanyIdForRequests } from "../stores/company";
import { useSocketStore } from "./socket";

const JOBS = "/api/jobs";
const EMPLOYEES = "/api/employees";
const TEMPLATES = "/api/templates";
const NOTIFICATIONS = "/api/notifications";

/** Which query roots an event makes stale, by the event's resource (the part before the dot). */
export const QUERY_ROOTS_BY_RESOURCE: Record<string, readonly string[]> = {
  // A job booked from a call (or deleted) changes that call's "Job booked" mark.
  job: [JOBS, "/api/call-records"],
  employee: [EMPLOYEES, JOBS],
  template: [TEMPLATES, JOBS, "/api/weekly-schedules"],
  weeklySchedule: ["/api/weekly-schedules"],
  chat: [CHAT_ROOT],
  callRecord: ["/api/call-records", "/api/daily-calls"],
  dailyCall: ["/api/daily-calls"],
  member: ["/api/companies", "/api/user/companies"],
  invitation: ["/api/companies"],
  subscription: ["/api/company"],
  notification: [NOTIFICATIONS],
};

export function queryRootsFor(event: string): readonly string[] {
  return QUERY_ROOTS_BY_RESOURCE[event.split(".")[0]] ?? [];
}

type Listed = { id: string; companyId: string };
type Params = Record<string, unknown>;

const isParams = (part: unknown): part is Params => typeof part === "object" && part !== null;

/**
 * Visits every loaded list of `companyId` under `root` ([root, {companyId, ...}], or
 * [root] for a list scoped by the X-Company-Id header). Anything else cached under the
 * root is not a list this code understands, so it is refetched instead.
 */
function eachList<T>(
  queryClient: QueryClient,
  root: string,
  companyId: string,
  visit: (params: Params, list: T[]) => T[],
) {
  for (const [key, data] of queryClient.getQueriesData<unknown>({ queryKey: [root] })) {
    if (data === undefined) continue;
    const params = key.length === 1 ? {} : key.length === 2 && isParams(key[1]) ? key[1] : null;
    if (!params || !Array.isArray(data)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    const listCompanyId =
      typeof params.companyId === "string" ? params.companyId : selectedCompanyIdForRequests();
    if (listCompanyId !== companyId) continue;
    const next = visit(params, data as T[]);
    if (next !== data) queryClient.setQueryData(key, next);
  }
}

/** Puts `item` into every list it belongs in (replacing its old version) and out of the others. */
function updateLists<T extends Listed>(
  queryClient: QueryClient,
  root: string,
  item: T,
  options: { belongs?: (params: Params, item: T) => boolean; sort?: (a: T, b: T) => number },
) {
  eachList<T>(queryClient, root, item.companyId, (params, list) => {
    const isListed = list.some((entry) => entry.id === item.id);
    if (options.belongs && !options.belongs(params, item)) {
      return isListed ? list.filter((entry) => entry.id !== item.id) : list;
    }
    const next = isListed ? list.map((entry) => (entry.id === item.id ? item : entry)) : [...list, item];
    return options.sort ? next.sort(options.sort) : next;
  });
}

function removeFromLists<T>(
  queryClient: QueryClient,
  root: string,
  companyId: string,
  isRemoved: (entry: T) => boolean,
) {
  eachList<T>(queryClient, root, companyId, (_params, list) =>
    list.some(isRemoved) ? list.filter((entry) => !isRemoved(entry)) : list,
  );
}

type InPlace<E extends ServerEventName> = (
  queryClient: QueryClient,
  payload: ServerEvents[E],
) => readonly string[];

/** A job belongs in a list whose date window (if any) holds its date. */
const jobInWindow = (params: Record<string, unknown>, job: JobDTO) =>
  (typeof params.startDate !== "string" || job.date >= params.startDate) &&
  (typeof params.endDate !== "string" || job.date <= params.endDate);

const byName = (a: EmployeeDTO, b: EmployeeDTO) => a.name.localeCompare(b.name);

const upsertJob: InPlace<"job.created" | "job.updated"> = (queryClient, job) => {
  updateLists(queryClient, JOBS, job, { belongs: jobInWindow });
  return [JOBS];
};

const upsertEmployee: InPlace<"employee.created" | "employee.updated"> = (queryClient, employee) => {
  updateLists(queryClient, EMPLOYEES, employee, { sort: byName });
  updateSender(queryClient, employee);
  // A job carries only the employee's id: nothing on the board's job lists changes.
  return [EMPLOYEES, JOBS];
};

function refetchBell(queryClient: QueryClient, companyId: string) {
  void queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS, { companyId }] });
  return [NOTIFICATIONS];
}

/**
 * Events applied in place, each answering the query roots it has fully handled; the
 * roots it leaves out are still invalidated. Events not listed are invalidations only.
 */
export const IN_PLACE: { [E in ServerEventName]?: InPlace<E> } = {
  "job.created": upsertJob,
  "job.updated": upsertJob,
  "job.deleted": (queryClient, { id, companyId }) => {
    removeFromLists<JobDTO>(queryClient, JOBS, companyId, (job) => job.id === id);
    return [JOBS];
  },
  "employee.created": upsertEmployee,
  "employee.updated": upsertEmployee,
  "employee.deleted": (queryClient, { id, companyId }) => {
    removeFromLists<EmployeeDTO>(queryClient, EMPLOYEES, companyId, (employee) => employee.id === id);
    // Their jobs and messages went with them (cascade).
    removeFromLists<JobDTO>(queryClient, JOBS, companyId, (job) => job.employeeId === id);
    removeSender(queryClient, companyId, id);
    return [EMPLOYEES, JOBS];
  },
  "template.deleted": (queryClient, { id, companyId }) => {
    removeFromLists<{ id: string }>(queryClient, TEMPLATES, companyId, (template) => template.id === id);
    // A template's deletion leaves the jobs and weeks it created where they are.
    return [TEMPLATES, JOBS, "/api/weekly-schedules"];
  },
  "chat.message": (queryClient, message) => {
    addPushedMessage(queryClient, message);
    return [CHAT_ROOT];
  },
  // Which entries matter to this user is the server's call: refetch, but only that company's bell.
  "notification.created": (queryClient, { companyId }) => refetchBell(queryClient, companyId),
  "notification.read": (queryClient, { companyId }) => refetchBell(queryClient, companyId),
  "presence.updated": (_queryClient, { companyId, weekStart, users }) => {
    usePresenceStore.getState().setViewers(companyId, weekStart, users);
    return [];
  },
};

/** Applies one event to the cache: in place where it can, an invalidation for the rest. */
export function applyEvent(
  queryClient: QueryClient,
  event: ServerEventName | string,
  payload?: unknown,
): void {
  const inPlace = IN_PLACE[event as ServerEventName] as InPlace<ServerEventName> | undefined;
  const handled = new Set(inPlace && payload ? inPlace(queryClient, payload as never) : []);
  for (const root of queryRootsFor(event)) {
    if (!handled.has(root)) void queryClient.invalidateQueries({ queryKey: [root] });
  }
}

/** Mount once while signed in. */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  const socket = useSocketStore((state) => state.socket);
  useEffect(() => {
    if (!socket) return;
    const onEvent = (event: string, payload: unknown) => applyEvent(queryClient, event, payload);
    socket.onAny(onEvent);
    return () => {
      socket.offAny(onEvent);
    };
  }, [socket, queryClient]);
}
