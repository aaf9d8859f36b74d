import {
  type ChatMessageDTO,
  DEFAULT_COMPANY_SETTINGS,
  type EmployeeDTO,
  type JobDTO,
  NOTIFICATIONS_LIMIT,
} from "@sched/shared-types";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { usePresenceStore } from "../src/components/presenceStore";
import type { ChatCache } from "../src/entities/chat/chatCache";
import { withWarnings } from "../src/entities/job/conflictMarks";
import { queryKeys, rootKey } from "../src/lib/queryKeys";
import { applyEvent, queryRootsFor } from "../src/realtime/useRealtime";
import { buildEmployee, buildJob } from "./builders";

const COMPANY = "11111111-1111-4111-8111-111111111111";
const OTHER_COMPANY = "22222222-2222-4222-8222-222222222222";

const job = (id: string, date: string, changes: Partial<JobDTO> = {}): JobDTO =>
  buildJob({
    id,
    companyId: COMPANY,
    date,
    ...changes,
  });

const weekKey = (startDate: string, endDate: string, companyId = COMPANY) =>
  queryKeys.jobs(companyId, startDate, endDate);
const chatKey = queryKeys.chat(COMPANY);
const rosterKey = queryKeys.employees(COMPANY);
const THIS_WEEK = weekKey("2026-11-19", "2026-12-03");
const NEXT_WEEK = weekKey("2026-11-26", "2026-12-10");

/** A client whose queries never fetch by themselves, so invalidation only marks them stale. */
function cacheWith(entries: [readonly unknown[], unknown][]) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { enabled: false, staleTime: Infinity } },
  });
  for (const [key, data] of entries) queryClient.setQueryData(key, data);
  return queryClient;
}

const isStale = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;

describe("applyEvent", () => {
  it("moves a job between the cached weeks in place, without a refetch", () => {
    const moved = job("j1", "2026-11-23");
    const queryClient = cacheWith([
      [THIS_WEEK, [moved, job("j2", "2026-11-24")]],
      [NEXT_WEEK, [job("j3", "2026-12-01")]],
    ]);
    applyEvent(queryClient, "job.updated", { ...moved, date: "2026-12-08", employeeId: "e2" });
    expect(queryClient.getQueryData<JobDTO[]>(THIS_WEEK)?.map((j) => j.id)).toEqual(["j2"]);
    expect(queryClient.getQueryData<JobDTO[]>(NEXT_WEEK)?.map((j) => [j.id, j.date, j.employeeId])).toEqual([
      ["j3", "2026-12-01", "e1"],
      ["j1", "2026-12-08", "e2"],
    ]);
    expect(isStale(queryClient, THIS_WEEK) || isStale(queryClient, NEXT_WEEK)).toBe(false);
  });

  it("moves a job between a week and the Unscheduled tray in place (docs/schedule.md)", () => {
    const TRAY = queryKeys.unscheduledJobs(COMPANY);
    const placed = job("j1", "2026-11-23");
    const queryClient = cacheWith([
      [THIS_WEEK, [placed]],
      [TRAY, [job("j2", "", { date: null, time: null, employeeId: null })]],
    ]);
    const unscheduled = { ...placed, date: null, time: null, employeeId: null, version: 2 };
    applyEvent(queryClient, "job.updated", unscheduled);
    expect(queryClient.getQueryData<JobDTO[]>(THIS_WEEK)).toEqual([]);
    expect(queryClient.getQueryData<JobDTO[]>(TRAY)?.map((j) => j.id)).toEqual(["j2", "j1"]);
    applyEvent(queryClient, "job.updated", { ...placed, date: "2026-11-25", version: 3 });
    expect(queryClient.getQueryData<JobDTO[]>(THIS_WEEK)?.map((j) => j.id)).toEqual(["j1"]);
    expect(queryClient.getQueryData<JobDTO[]>(TRAY)?.map((j) => j.id)).toEqual(["j2"]);
  });

  it("adds a created job to its week only, and never to another company's lists", () => {
    const queryClient = cacheWith([
      [THIS_WEEK, []],
      [NEXT_WEEK, []],
      [weekKey("2026-11-19", "2026-12-03", OTHER_COMPANY), []],
    ]);
    applyEvent(queryClient, "job.created", job("new", "2026-11-20"));
    expect(queryClient.getQueryData<JobDTO[]>(THIS_WEEK)?.map((j) => j.id)).toEqual(["new"]);
    expect(queryClient.getQueryData(NEXT_WEEK)).toEqual([]);
    expect(queryClient.getQueryData(weekKey("2026-11-19", "2026-12-03", OTHER_COMPANY))).toEqual([]);
  });

  it("removes a deleted job, and an employee's jobs and messages when the employee goes", () => {
    const message = (id: string, employeeId: string): ChatMessageDTO => ({
      id,
      companyId: COMPANY,
      employeeId,
      message: id,
      createdAt: `2026-11-20T10:00:0${id.length}.000Z`,
      employee: { name: "N", initials: "N", avatarColor: "blue" },
      author: null,
    });
    const queryClient = cacheWith([
      [
        THIS_WEEK,
        [job("j1", "2026-11-23"), job("j2", "2026-11-23", { employeeId: "gone" }), job("j3", "2026-11-24")],
      ],
      [rosterKey, [{ id: "gone", companyId: COMPANY, name: "Gone" }]],
      [chatKey, { messages: [message("m", "e1"), message("mm", "gone")], cursor: "mm" }],
    ]);
    applyEvent(queryClient, "job.deleted", { id: "j3", companyId: COMPANY });
    applyEvent(queryClient, "employee.deleted", { id: "gone", companyId: COMPANY });
    expect(queryClient.getQueryData<JobDTO[]>(THIS_WEEK)?.map((j) => j.id)).toEqual(["j1"]);
    expect(queryClient.getQueryData(rosterKey)).toEqual([]);
    expect(queryClient.getQueryData<ChatCache>(chatKey)?.messages.map((m) => m.id)).toEqual(["m"]);
  });

  it("keeps the roster sorted by name and renames the sender on their messages", () => {
    const employee = (id: string, name: string): EmployeeDTO =>
      buildEmployee({ id, companyId: COMPANY, name, initials: name.slice(0, 2).toUpperCase() });
    const queryClient = cacheWith([
      [rosterKey, [employee("a", "Anna"), employee("c", "Carl")]],
      [
        chatKey,
        {
          messages: [
            {
              id: "m1",
              companyId: COMPANY,
              employeeId: "c",
              message: "hi",
              createdAt: "2026-11-20T10:00:00.000Z",
              employee: { name: "Carl", initials: "CA", avatarColor: "blue" },
            },
          ],
          cursor: "m1",
        },
      ],
    ]);
    applyEvent(queryClient, "employee.created", employee("b", "Bea"));
    applyEvent(queryClient, "employee.updated", { ...employee("c", "Aaron"), avatarColor: "teal" });
    expect(queryClient.getQueryData<EmployeeDTO[]>(rosterKey)?.map((e) => e.name)).toEqual([
      "Aaron",
      "Anna",
      "Bea",
    ]);
    expect(queryClient.getQueryData<ChatCache>(chatKey)?.messages[0].employee).toEqual({
      name: "Aaron",
      initials: "AA",
      avatarColor: "teal",
    });
  });

  it("shows a pushed chat message once and leaves the poll's cursor where it was", () => {
    const pushed: ChatMessageDTO = {
      id: "m2",
      companyId: COMPANY,
      employeeId: "e1",
      message: "On my way",
      createdAt: "2026-11-20T10:00:05.000Z",
      employee: { name: "Pat", initials: "PP", avatarColor: "blue" },
      author: null,
    };
    const queryClient = cacheWith([[chatKey, { messages: [], cursor: null }]]);
    applyEvent(queryClient, "chat.message", pushed);
    applyEvent(queryClient, "chat.message", pushed);
    expect(queryClient.getQueryData(chatKey)).toEqual({ messages: [pushed], cursor: null });
  });

  it("invalidates what a payload cannot update: other shapes under a root, and whole-company changes", () => {
    // A key under the jobs root that is not a list of jobs.
    const photoKey = [...rootKey("jobs"), "j1", "photos"];
    const subscriptionKey = queryKeys.subscription(COMPANY);
    const queryClient = cacheWith([
      [THIS_WEEK, []],
      [photoKey, { before: null }],
      [subscriptionKey, { subscriptionActive: true }],
    ]);
    applyEvent(queryClient, "job.updated", job("j1", "2026-11-23"));
    expect(isStale(queryClient, photoKey)).toBe(true);
    expect(isStale(queryClient, THIS_WEEK)).toBe(false);
    applyEvent(queryClient, "subscription.updated", { companyId: COMPANY });
    expect(isStale(queryClient, subscriptionKey)).toBe(true);
    expect(queryRootsFor("notification.read")).toEqual(["notifications"]);
  });

  it("reads a list again when an event changes it while a read begun before the change is on its way", async () => {
    const before = job("j1", "2026-11-23", { location: "5 Birch Ave" });
    const after = { ...before, location: "7 Birch Ave" };
    const queryClient = new QueryClient();
    queryClient.setQueryData(THIS_WEEK, [before]);
    let reads = 0;
    let answerTheOldRead: (jobs: JobDTO[]) => void = () => {};
    const queryFn = () => {
      reads += 1;
      if (reads > 1) return Promise.resolve([after]);
      return new Promise<JobDTO[]>((resolve) => {
        answerTheOldRead = resolve;
      });
    };
    void queryClient.fetchQuery({ queryKey: THIS_WEEK, queryFn }).catch(() => {});
    applyEvent(queryClient, "job.updated", after);
    // The read begun before the change answers after its event, with the job as it was.
    answerTheOldRead([before]);
    await vi.waitFor(() => {
      expect(queryClient.getQueryData<JobDTO[]>(THIS_WEEK)?.map((j) => j.location)).toEqual(["7 Birch Ave"]);
      expect(queryClient.getQueryState(THIS_WEEK)?.fetchStatus).toBe("idle");
    });
    expect(reads).toBe(2);
  });

  it("files presence for the week it is about", () => {
    const users = [{ userId: "u1", firstName: "Adam", lastName: "Admin" }];
    applyEvent(new QueryClient(), "presence.updated", { companyId: COMPANY, weekStart: "2026-11-23", users });
    expect(usePresenceStore.getState().viewers[`${COMPANY}/2026-11-23`]).toEqual(users);
  });
});

describe("conflict marks of the jobs next to a changed one", () => {
  /** What the server worked out for "later" at 9:30. */
  const laterOverlap = {
    code: "overlap",
    message: "Overlaps 09:00–10:00 Repair at 1 Main St",
    jobId: "nine",
  };
  /** The board's jobs as it shows them: the API's warnings, the engine's for those without. */
  const onBoard = (queryClient: QueryClient) =>
    withWarnings(queryClient.getQueryData<JobDTO[]>(THIS_WEEK) ?? [], DEFAULT_COMPANY_SETTINGS, [
      buildEmployee({ companyId: COMPANY }),
    ]);
  const warningsById = (jobs: JobDTO[]) => Object.fromEntries(jobs.map((j) => [j.id, j.warnings]));

  it("marks the other job of an overlap that another person's change begins, and unmarks it when it ends", () => {
    const nine = job("nine", "2026-11-24", { time: "09:00", warnings: [] });
    const later = job("later", "2026-11-24", { time: "13:00", warnings: [] });
    const colleagues = job("colleagues", "2026-11-24", { time: "09:00", employeeId: "e2", warnings: [] });
    const nextWeek = job("far", "2026-11-27", { time: "09:00", warnings: [] });
    const queryClient = cacheWith([[THIS_WEEK, [nine, later, colleagues, nextWeek]]]);

    // "later" moved to 9:30: the event carries its warning, not the one "nine" now has.
    const moved = { ...later, time: "09:30", version: 2, warnings: [laterOverlap] };
    applyEvent(queryClient, "job.updated", moved);
    const listed = queryClient.getQueryData<JobDTO[]>(THIS_WEEK) ?? [];
    expect(warningsById(listed)).toEqual({
      nine: undefined,
      later: [laterOverlap],
      colleagues: [],
      far: [],
    });
    expect(warningsById(onBoard(queryClient)).nine).toEqual([
      { code: "overlap", message: "Overlaps 09:30–10:30 Repair at 1 Main St", jobId: "later" },
    ]);
    expect(isStale(queryClient, THIS_WEEK)).toBe(false);

    // Deleted: the overlap ends for "nine" too.
    applyEvent(queryClient, "job.deleted", { id: "later", companyId: COMPANY });
    expect(warningsById(onBoard(queryClient))).toEqual({ nine: [], colleagues: [], far: [] });
  });

  it("leaves a list the change does not touch as it was", () => {
    const list = [job("a", "2026-11-24", { warnings: [] })];
    const queryClient = cacheWith([[THIS_WEEK, list]]);
    applyEvent(queryClient, "job.updated", job("b", "2026-12-20", { warnings: [] }));
    expect(queryClient.getQueryData(THIS_WEEK)).toBe(list);
  });
});

describe("My Day's list", () => {
  it("holds only its employee's jobs: a job given to someone else leaves it, one given to them arrives", () => {
    const mine = queryKeys.employeeJobs(COMPANY, "e1", "2026-11-23", "2026-11-29");
    const queryClient = cacheWith([[mine, [job("j1", "2026-11-24"), job("j2", "2026-11-25")]]]);
    applyEvent(queryClient, "job.updated", job("j1", "2026-11-24", { employeeId: "e2" }));
    applyEvent(queryClient, "job.updated", job("j3", "2026-11-26", { employeeId: "e1", version: 2 }));
    applyEvent(queryClient, "job.created", job("j4", "2026-11-26", { employeeId: "e2" }));
    expect(queryClient.getQueryData<JobDTO[]>(mine)?.map((j) => j.id)).toEqual(["j2", "j3"]);
    expect(isStale(queryClient, mine)).toBe(false);
  });
});

describe("the bell", () => {
  const entry = {
    id: "n1",
    kind: "job.moved",
    message: "Your 9:00 AM Repair at 12 Oak Rd moved to Tue 25 Nov 10:30 AM",
    jobId: "j1",
    createdAt: "2026-11-20T10:00:00.000Z",
    read: false,
  } as const;

  it("puts a new entry on top of that company's bell at once, once, and nowhere else", () => {
    const mine = queryKeys.notifications(COMPANY);
    const theirs = queryKeys.notifications(OTHER_COMPANY);
    const older = { ...entry, id: "n0", read: true, createdAt: "2026-11-19T10:00:00.000Z" };
    const queryClient = cacheWith([
      [mine, [older]],
      [theirs, []],
    ]);
    applyEvent(queryClient, "notification.created", { ...entry, companyId: COMPANY });
    applyEvent(queryClient, "notification.created", { ...entry, companyId: COMPANY });
    expect(queryClient.getQueryData(mine)).toEqual([entry, older]);
    expect(queryClient.getQueryData(theirs)).toEqual([]);
    expect(isStale(queryClient, mine) || isStale(queryClient, theirs)).toBe(false);
  });

  it("keeps the bell at its length", () => {
    const mine = queryKeys.notifications(COMPANY);
    const full = Array.from({ length: NOTIFICATIONS_LIMIT }, (_, n) => ({ ...entry, id: `old${n}` }));
    const queryClient = cacheWith([[mine, full]]);
    applyEvent(queryClient, "notification.created", { ...entry, companyId: COMPANY });
    const list = queryClient.getQueryData<{ id: string }[]>(mine) ?? [];
    expect(list).toHaveLength(NOTIFICATIONS_LIMIT);
    expect(list[0].id).toBe("n1");
  });

  it("refetches only the bell of the company another tab read", () => {
    const mine = queryKeys.notifications(COMPANY);
    const theirs = queryKeys.notifications(OTHER_COMPANY);
    const queryClient = cacheWith([
      [mine, []],
      [theirs, []],
    ]);
    applyEvent(queryClient, "notification.read", { companyId: OTHER_COMPANY });
    expect(isStale(queryClient, theirs)).toBe(true);
    expect(isStale(queryClient, mine)).toBe(false);
  });
});
