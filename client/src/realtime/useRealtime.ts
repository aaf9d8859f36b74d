/**
 * The one place realtime events reach the query cache (docs/realtime.md): components
 * never subscribe themselves. An event whose payload is the whole changed
 * row updates the cached lists in place (the board moves a card without a refetch);
 * every other query root the event touches is invalidated: lists that are on screen
 * refetch at once, others when next shown.
 */
import {
  type EmployeeDTO,
  type JobDTO,
  NOTIFICATIONS_LIMIT,
  type NotificationDTO,
  type ReceivedEvents,
  type ServerEventName,
} from "@sched/shared-types";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { usePresenceStore } from "../components/presenceStore";
import { addPushedMessage, removeSender, updateSender } from "../entities/chat/chatCache";
import { withoutWarnings } from "../entities/job/conflictMarks";
import { type QueryRoot, queryKeys, rootKey } from "../lib/queryKeys";
import { useSocketStore } from "../lib/socket";
import { selectedCompanyIdForRequests } from "../stores/company";

/** Which query roots an event makes stale, by the event's resource (the part before the dot). */
const QUERY_ROOTS_BY_RESOURCE: Record<string, readonly QueryRoot[]> = {
  // A job booked from a call (or deleted) changes that call's "Job booked" mark.
  // A job shows on its customer's page too (docs/customers.md).
  // A technician's job taps are their timesheet's job time (docs/timesheets.md).
  job: ["jobs", "call-records", "customers", "timesheets"],
  // Many occurrences of a recurring job at once: the lists refetch (docs/schedule.md).
  jobSeries: ["jobs", "weekly-schedules", "job-series"],
  employee: ["employees", "jobs"],
  template: ["templates", "jobs", "weekly-schedules"],
  weeklySchedule: ["weekly-schedules"],
  chat: ["chat"],
  callRecord: ["call-records", "daily-calls", "customers"],
  // A deleted customer's jobs and calls lose their link.
  customer: ["customers", "jobs", "call-records"],
  dailyCall: ["daily-calls"],
  // The company list and every company's members and invitations.
  member: ["companies"],
  invitation: ["companies"],
  subscription: ["company"],
  // A company's settings live under its key in the "companies" root; working days and
  // hours change the jobs' warnings (docs/schedule.md).
  settings: ["companies", "jobs", "timesheets"],
  notification: ["notifications"],
  // A clock tap, a correction or an approval: the weeks and the entries' histories.
  timesheet: ["timesheets", "time-entries"],
  // Time off made, decided or removed: the boards' shading, My Day, and the jobs' time_off
  // warnings (docs/time-off.md).
  time_off: ["time-off", "jobs"],
  // An online booking asked for, approved or declined: the board's Requests badge and list
  // (docs/booking-office.md); the job it makes comes as a job event.
  booking: ["booking-requests"],
  // A quote saved, sent, viewed, approved or declined: the office's list and the quote (docs/quotes.md).
  quote: ["quotes"],
  // A new invoice, a send, a payment, a refund, a void (docs/money.md): the lists, the open
  // invoice and its payments read again; the owner's money figures too.
  invoice: ["invoices", "numbers"],
};

export function queryRootsFor(event: string): readonly QueryRoot[] {
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
  root: QueryRoot,
  companyId: string,
  visit: (params: Params, list: T[]) => T[],
) {
  for (const [key, data] of queryClient.getQueriesData<unknown>({ queryKey: rootKey(root) })) {
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
    if (next === data) continue;
    queryClient.setQueryData(key, next);
    // A read of this list on its way now may have begun before the change was saved: its answer
    // would put the old row back over the event. TanStack cancels that read and starts another,
    // which sees the change (an event is sent once it is on disk); a list off screen too.
    if (queryClient.getQueryState(key)?.fetchStatus === "fetching") {
      void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: "all" });
    }
  }
}

type ListOptions<T> = { belongs?: (params: Params, item: T) => boolean; sort?: (a: T, b: T) => number };

/** One list with `item` in it (replacing its old version) if it belongs there, else without it. */
function placedInList<T extends Listed>(
  params: Params,
  list: T[],
  item: T,
  belongs?: ListOptions<T>["belongs"],
) {
  const isListed = list.some((entry) => entry.id === item.id);
  if (belongs && !belongs(params, item)) {
    return isListed ? list.filter((entry) => entry.id !== item.id) : list;
  }
  return isListed ? list.map((entry) => (entry.id === item.id ? item : entry)) : [...list, item];
}

/** Puts `item` into every list it belongs in (replacing its old version) and out of the others. */
function updateLists<T extends Listed>(
  queryClient: QueryClient,
  root: QueryRoot,
  item: T,
  options: ListOptions<T>,
) {
  eachList<T>(queryClient, root, item.companyId, (params, list) => {
    const next = placedInList(params, list, item, options.belongs);
    return options.sort && next !== list ? next.sort(options.sort) : next;
  });
}

function removeFromLists<T>(
  queryClient: QueryClient,
  root: QueryRoot,
  companyId: string,
  isRemoved: (entry: T) => boolean,
) {
  eachList<T>(queryClient, root, companyId, (_params, list) =>
    list.some(isRemoved) ? list.filter((entry) => !isRemoved(entry)) : list,
  );
}

/**
 * A payload as this socket receives it: outside the office, an event about the office's
 * data (customers, members) is only its company, and the roots it names read again through
 * the API (docs/realtime.md).
 */
type InPlace<E extends ServerEventName> = (
  queryClient: QueryClient,
  payload: ReceivedEvents[E],
) => readonly QueryRoot[];

/**
 * A job belongs in a list whose date window (if any) holds its date and, for one
 * employee's list (My Day), whose employee it is assigned to: a job given to someone
 * else leaves that list at once. The Unscheduled tray's list holds the jobs without a
 * date, and no windowed list holds one (docs/schedule.md).
 */
const jobBelongs = (params: Record<string, unknown>, job: JobDTO) => {
  if (params.unscheduled === true) return job.date === null;
  const { date } = job;
  if (date === null) {
    return (
      typeof params.startDate !== "string" &&
      typeof params.endDate !== "string" &&
      typeof params.employeeId !== "string"
    );
  }
  return (
    (typeof params.startDate !== "string" || date >= params.startDate) &&
    (typeof params.endDate !== "string" || date <= params.endDate) &&
    (typeof params.employeeId !== "string" || job.employeeId === params.employeeId)
  );
};

const byName = (a: EmployeeDTO, b: EmployeeDTO) => a.name.localeCompare(b.name);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether two jobs of one technician are near enough in days for one to overlap the other. */
function mayOverlap(job: JobDTO, anchor: JobDTO): boolean {
  if (!job.employeeId || job.employeeId !== anchor.employeeId || !job.date || !anchor.date) return false;
  return Math.abs(Date.parse(job.date) - Date.parse(anchor.date)) <= DAY_MS;
}

/**
 * An event carries the changed job's warnings only, but its neighbours' change with it (an
 * overlap begins or ends for both): the same technician's jobs within a day of where the job
 * was (`anchors`: before and after) lose theirs, and the board works them out again with
 * the same engine (entities/job/conflictMarks.ts), so every board marks both jobs at once.
 */
function rewarnNeighbours(list: JobDTO[], anchors: readonly (JobDTO | undefined)[]): JobDTO[] {
  const near = anchors.filter((anchor): anchor is JobDTO => anchor !== undefined);
  let changed = false;
  const next = list.map((job) => {
    if (near.some((anchor) => anchor.id === job.id) || !near.some((anchor) => mayOverlap(job, anchor))) {
      return job;
    }
    changed = true;
    return withoutWarnings(job);
  });
  return changed ? next : list;
}

/**
 * Puts `job` into every loaded jobs list it belongs in and out of the others (a move to or
 * from the tray), its neighbours' warnings to be worked out again.
 */
export function placeJobInLists(queryClient: QueryClient, job: JobDTO) {
  eachList<JobDTO>(queryClient, "jobs", job.companyId, (params, list) => {
    const before = list.find((entry) => entry.id === job.id);
    const placed = placedInList(params, list, job, jobBelongs);
    return placed === list ? list : rewarnNeighbours(placed, [before, job]);
  });
}

const upsertJob: InPlace<"job.created" | "job.updated"> = (queryClient, job) => {
  placeJobInLists(queryClient, job);
  return ["jobs"];
};

const removeJob: InPlace<"job.deleted"> = (queryClient, { id, companyId }) => {
  eachList<JobDTO>(queryClient, "jobs", companyId, (_params, list) => {
    const removed = list.find((job) => job.id === id);
    return removed
      ? rewarnNeighbours(
          list.filter((job) => job !== removed),
          [removed],
        )
      : list;
  });
  return ["jobs"];
};

const upsertEmployee: InPlace<"employee.created" | "employee.updated"> = (queryClient, employee) => {
  updateLists(queryClient, "employees", employee, { sort: byName });
  updateSender(queryClient, employee);
  // A job carries only the employee's id, but its warnings say whether they are active:
  // the lists refetch (an unchanged one answers 304).
  return ["employees"];
};

function refetchBell(queryClient: QueryClient, companyId: string): readonly QueryRoot[] {
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(companyId) });
  return ["notifications"];
}

/**
 * A new entry of this user's bell (the event reaches only their own room): on top of
 * that company's list at once, which keeps the bell's length.
 */
const addToBell: InPlace<"notification.created"> = (queryClient, { companyId, ...entry }) => {
  queryClient.setQueryData<NotificationDTO[]>(queryKeys.notifications(companyId), (list) =>
    list && !list.some((known) => known.id === entry.id)
      ? [entry, ...list].slice(0, NOTIFICATIONS_LIMIT)
      : list,
  );
  return ["notifications"];
};

/**
 * Events applied in place, each answering the query roots it has fully handled; the
 * roots it leaves out are still invalidated. Events not listed are invalidations only.
 */
const IN_PLACE: { [E in ServerEventName]?: InPlace<E> } = {
  "job.created": upsertJob,
  "job.updated": upsertJob,
  "job.deleted": removeJob,
  "employee.created": upsertEmployee,
  "employee.updated": upsertEmployee,
  "employee.deleted": (queryClient, { id, companyId }) => {
    removeFromLists<EmployeeDTO>(queryClient, "employees", companyId, (employee) => employee.id === id);
    // Their jobs and messages went with them (cascade).
    removeFromLists<JobDTO>(queryClient, "jobs", companyId, (job) => job.employeeId === id);
    removeSender(queryClient, companyId, id);
    return ["employees", "jobs"];
  },
  "template.deleted": (queryClient, { id, companyId }) => {
    removeFromLists<{ id: string }>(queryClient, "templates", companyId, (template) => template.id === id);
    // A template's deletion leaves the jobs and weeks it created where they are.
    return ["templates", "jobs", "weekly-schedules"];
  },
  "chat.message": (queryClient, message) => {
    addPushedMessage(queryClient, message);
    return ["chat"];
  },
  "notification.created": addToBell,
  // Another tab of this user read the bell: only that company's bell refetches.
  "notification.read": (queryClient, { companyId }) => refetchBell(queryClient, companyId),
  "settings.updated": (queryClient, { companyId, ...settings }) => {
    queryClient.setQueryData(queryKeys.settings(companyId), settings);
    return ["companies"];
  },
  "presence.updated": (_queryClient, { companyId, weekStart, users }) => {
    usePresenceStore.getState().setViewers(companyId, weekStart, users);
    return [];
  },
  // Someone's app opened or closed: the chat's team directory asks who is online now.
  "presence.online": (queryClient, { companyId }) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.online(companyId) });
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
    if (!handled.has(root)) void queryClient.invalidateQueries({ queryKey: rootKey(root) });
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
