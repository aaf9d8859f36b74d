import type { CompanyDTO, UserDTO } from "@sched/shared-types";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { myWeekJobsKey, updatedAgo } from "../src/features/my-day/myWeek";
import {
  KEEP_EVERY_MS,
  KEPT_MAX_AGE_MS,
  KEPT_QUERIES_KEY,
  readKeptQueries,
  refreshKeptAfterPaint,
  restoreKeptQueries,
  saveKeptQueries,
  startKeepingQueries,
} from "../src/lib/keptQueries";
import { queryClient } from "../src/lib/queryClient";
import { queryKeys } from "../src/lib/queryKeys";
import { useCompanyStore } from "../src/stores/company";
import { buildJob } from "./builders";

const COMPANY = "11111111-1111-4111-8111-111111111111";
const OTHER_COMPANY = "22222222-2222-4222-8222-222222222222";
const TIA = "33333333-3333-4333-8333-333333333333";
const SAM = "44444444-4444-4444-8444-444444444444";
const MONDAY = "2026-11-23";
const BUSTER = "build-1";

/** Local storage in memory (the tests run in node). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const user = (id: string): UserDTO => ({
  id,
  email: `${id}@example.test`,
  firstName: "Tia",
  lastName: "Tech",
  profileImageUrl: null,
  isSystemAdmin: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
});

const company = (employeeId: string | null): CompanyDTO => ({
  id: COMPANY,
  name: "Oak Heating",
  role: employeeId ? "employee" : "owner",
  employeeId,
});

let storage: MemoryStorage;
const options = () => ({ storage, buster: BUSTER });
const keptKeys = () =>
  (JSON.parse(storage.getItem(KEPT_QUERIES_KEY) ?? "null")?.state.queries ?? []).map(
    (query: { queryKey: unknown }) => JSON.stringify(query.queryKey),
  );

/** A phone's cache after My Day was read, with the office's lists of the same company next to it. */
function technicianCache(employeeId: string | null = TIA): QueryClient {
  const client = new QueryClient();
  client.setQueryData(queryKeys.user(), user("user-tia"));
  client.setQueryData(queryKeys.companies(), [company(employeeId)]);
  client.setQueryData(queryKeys.settings(COMPANY), { timeZone: "America/Chicago" });
  client.setQueryData(queryKeys.settings(OTHER_COMPANY), { timeZone: "Europe/Paris" });
  client.setQueryData(myWeekJobsKey(COMPANY, TIA, MONDAY), [buildJob({ employeeId: TIA })]);
  client.setQueryData(myWeekJobsKey(COMPANY, SAM, MONDAY), [buildJob({ employeeId: SAM })]);
  client.setQueryData(queryKeys.jobs(COMPANY, MONDAY, "2026-11-29"), [buildJob(), buildJob({ id: "j2" })]);
  client.setQueryData(queryKeys.timesheets(COMPANY, MONDAY, TIA), []);
  client.setQueryData(queryKeys.timeOff(COMPANY, MONDAY, "2027-02-21", TIA), []);
  client.setQueryData(queryKeys.timeOff(COMPANY, MONDAY, "2027-02-21"), []);
  client.setQueryData(queryKeys.chat(COMPANY), []);
  client.setQueryData(queryKeys.notifications(COMPANY), []);
  client.setQueryData(queryKeys.employees(COMPANY), []);
  return client;
}

beforeEach(() => {
  storage = new MemoryStorage();
  useCompanyStore.setState({ selectedCompanyId: COMPANY });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("what the phone keeps of My Day", () => {
  it("keeps the user, the companies, the company's settings and the technician's own jobs, hours and time off", () => {
    saveKeptQueries(technicianCache(), options());
    expect(keptKeys().sort()).toEqual(
      [
        queryKeys.user(),
        queryKeys.companies(),
        queryKeys.settings(COMPANY),
        myWeekJobsKey(COMPANY, TIA, MONDAY),
        queryKeys.timesheets(COMPANY, MONDAY, TIA),
        queryKeys.timeOff(COMPANY, MONDAY, "2027-02-21", TIA),
      ]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });

  it("never keeps the office's lists: the board's week, a colleague's jobs, the chat, another company", () => {
    saveKeptQueries(technicianCache(), options());
    const kept = keptKeys().join("\n");
    expect(kept).not.toContain(SAM);
    expect(kept).not.toContain(OTHER_COMPANY);
    expect(kept).not.toContain("/api/chat");
    expect(kept).not.toContain("/api/notifications");
    expect(kept).not.toContain("/api/employees");
    expect(keptKeys()).not.toContain(JSON.stringify(queryKeys.jobs(COMPANY, MONDAY, "2026-11-29")));
  });

  it("keeps nothing for a user not linked to the roster (the office), and drops an earlier copy", () => {
    saveKeptQueries(technicianCache(), options());
    saveKeptQueries(technicianCache(null), options());
    expect(storage.getItem(KEPT_QUERIES_KEY)).toBeNull();
  });

  it("keeps nothing before My Day's jobs were read, and leaves the copy as it was once they are gone", () => {
    const client = technicianCache();
    saveKeptQueries(client, options());
    const before = storage.getItem(KEPT_QUERIES_KEY);
    client.removeQueries({ queryKey: myWeekJobsKey(COMPANY, TIA, MONDAY) });
    saveKeptQueries(client, options());
    expect(storage.getItem(KEPT_QUERIES_KEY)).toBe(before);

    storage.clear();
    saveKeptQueries(client, options());
    expect(storage.getItem(KEPT_QUERIES_KEY)).toBeNull();
  });

  it("drops the copy once signed out (the cache emptied, nobody signed in)", () => {
    const client = technicianCache();
    saveKeptQueries(client, options());
    client.clear();
    client.setQueryData(queryKeys.user(), null);
    saveKeptQueries(client, options());
    expect(storage.getItem(KEPT_QUERIES_KEY)).toBeNull();
  });
});

describe("reading the copy back", () => {
  it("puts the kept answers back, stale, so My Day draws them at once and asks the network again", () => {
    saveKeptQueries(technicianCache(), options());
    const phone = new QueryClient();
    expect(restoreKeptQueries(phone, options())).toBe("user-tia");
    const jobs = phone.getQueryState(myWeekJobsKey(COMPANY, TIA, MONDAY));
    expect(jobs?.status).toBe("success");
    expect(jobs?.fetchStatus).toBe("idle");
    expect(jobs?.isInvalidated).toBe(true);
    expect(phone.getQueryData(queryKeys.user())).toMatchObject({ id: "user-tia" });
    expect(phone.getQueryData(queryKeys.jobs(COMPANY, MONDAY, "2026-11-29"))).toBeUndefined();
  });

  it("never reads a copy of another build, and deletes it", () => {
    saveKeptQueries(technicianCache(), { storage, buster: "build-0" });
    expect(restoreKeptQueries(new QueryClient(), options())).toBeNull();
    expect(storage.getItem(KEPT_QUERIES_KEY)).toBeNull();
  });

  it("never reads a copy older than a day", () => {
    const savedAt = Date.parse("2026-11-23T08:00:00Z");
    saveKeptQueries(technicianCache(), { ...options(), now: () => savedAt });
    expect(readKeptQueries({ ...options(), now: () => savedAt + KEPT_MAX_AGE_MS })).not.toBeNull();
    expect(readKeptQueries({ ...options(), now: () => savedAt + KEPT_MAX_AGE_MS + 1 })).toBeNull();
    expect(storage.getItem(KEPT_QUERIES_KEY)).toBeNull();
  });

  it("drops a copy it cannot read", () => {
    storage.setItem(KEPT_QUERIES_KEY, "{not json");
    expect(readKeptQueries(options())).toBeNull();
    storage.setItem(KEPT_QUERIES_KEY, JSON.stringify({ buster: BUSTER, userId: "u", savedAt: Date.now() }));
    expect(readKeptQueries(options())).toBeNull();
    expect(storage.getItem(KEPT_QUERIES_KEY)).toBeNull();
  });
});

describe("refreshing what was drawn from the copy", () => {
  it("asks the network for nothing until the screen drawn from the copy is painted, then refreshes what it shows", async () => {
    vi.useFakeTimers();
    saveKeptQueries(technicianCache(), options());
    // The app's own query defaults and query function, over a network that answers [].
    const fetch = vi.fn(async (_url: string) => Response.json([]));
    vi.stubGlobal("fetch", fetch);
    const asked = () => fetch.mock.calls.map(([url]) => url);
    const phone = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
    restoreKeptQueries(phone, options());
    // The first screen: the kept week, and a list the copy does not hold.
    const week = new QueryObserver(phone, { queryKey: myWeekJobsKey(COMPANY, TIA, MONDAY) });
    const chat = new QueryObserver(phone, { queryKey: queryKeys.chat(COMPANY) });
    const stops = [week.subscribe(() => {}), chat.subscribe(() => {})];
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).not.toHaveBeenCalled();
    expect(week.getCurrentResult().data).toHaveLength(1);

    refreshKeptAfterPaint(phone);
    // No frame is painted in node: the requests leave after a second at most.
    await vi.advanceTimersByTimeAsync(1000);
    // The week on screen is asked for again, the list for the first time; the kept answers
    // nothing shows (the companies, the hours) are not.
    expect(asked()).toHaveLength(2);
    expect(asked().some((url) => url.includes(`employeeId=${TIA}`))).toBe(true);
    expect(asked().some((url) => url.includes("/api/chat"))).toBe(true);

    // From then on a screen mounting a kept answer refreshes it at once, as any stale one.
    const companies = new QueryObserver(phone, { queryKey: queryKeys.companies() });
    stops.push(companies.subscribe(() => {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(asked()).toHaveLength(3);
    for (const stop of stops) stop();
    vi.unstubAllGlobals();
  });
});

describe("keeping the copy up to date", () => {
  it("writes at most once a second as answers arrive", () => {
    vi.useFakeTimers();
    const client = technicianCache();
    const setItem = vi.spyOn(storage, "setItem");
    const stop = startKeepingQueries(client, options());
    client.setQueryData(myWeekJobsKey(COMPANY, TIA, MONDAY), [buildJob({ employeeId: TIA, id: "j9" })]);
    client.setQueryData(queryKeys.timesheets(COMPANY, MONDAY, TIA), []);
    expect(setItem).not.toHaveBeenCalled();
    vi.advanceTimersByTime(KEEP_EVERY_MS);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(storage.getItem(KEPT_QUERIES_KEY)).toContain("j9");
    stop();
  });

  it("drops the copy and all it restored when the server names another user", () => {
    saveKeptQueries(technicianCache(), options());
    const phone = new QueryClient();
    const stop = startKeepingQueries(phone, options());
    expect(phone.getQueryData(myWeekJobsKey(COMPANY, TIA, MONDAY))).toBeDefined();
    phone.setQueryData(queryKeys.user(), user("user-sam"));
    expect(storage.getItem(KEPT_QUERIES_KEY)).toBeNull();
    expect(phone.getQueryData(myWeekJobsKey(COMPANY, TIA, MONDAY))).toBeUndefined();
    expect(phone.getQueryData(queryKeys.companies())).toBeUndefined();
    expect(phone.getQueryData(queryKeys.user())).toMatchObject({ id: "user-sam" });
    stop();
  });

  it("drops the copy when the session ended (the server answers nobody)", () => {
    saveKeptQueries(technicianCache(), options());
    const phone = new QueryClient();
    const stop = startKeepingQueries(phone, options());
    phone.setQueryData(queryKeys.user(), null);
    expect(storage.getItem(KEPT_QUERIES_KEY)).toBeNull();
    expect(phone.getQueryData(myWeekJobsKey(COMPANY, TIA, MONDAY))).toBeUndefined();
    stop();
  });

  it("keeps what it restored when the server confirms the same user", () => {
    saveKeptQueries(technicianCache(), options());
    const phone = new QueryClient();
    const stop = startKeepingQueries(phone, options());
    phone.setQueryData(queryKeys.user(), user("user-tia"));
    expect(storage.getItem(KEPT_QUERIES_KEY)).not.toBeNull();
    expect(phone.getQueryData(myWeekJobsKey(COMPANY, TIA, MONDAY))).toBeDefined();
    stop();
  });
});

describe("updatedAgo", () => {
  const now = Date.parse("2026-11-23T10:00:00Z");
  it("says how old the kept jobs are", () => {
    expect(updatedAgo(now - 20_000, now)).toBe("Updated just now");
    expect(updatedAgo(now - 2 * 60_000, now)).toBe("Updated 2 min ago");
    expect(updatedAgo(now - 3 * 3_600_000, now)).toBe("Updated 3 h ago");
  });
});
