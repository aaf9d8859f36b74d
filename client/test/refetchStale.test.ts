import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { noteFetchStarts } from "../src/lib/queryClient";
import { refetchStaleQueries } from "../src/lib/refetchStale";

/** A query on screen (an observer) that counts its requests; `answer` ends the one in flight. */
function watched(queryClient: QueryClient, key: string) {
  let answer = () => {};
  const calls = { count: 0 };
  const observer = new QueryObserver(queryClient, {
    queryKey: [key],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      new Promise<number>((resolve) => {
        calls.count++;
        answer = () => resolve(calls.count);
      }),
  });
  const unsubscribe = observer.subscribe(() => {});
  return { calls, answer: () => answer(), unsubscribe };
}

const settled = (queryClient: QueryClient) => vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

describe("refetchStaleQueries", () => {
  const join = 1_000_000;
  let queryClient: QueryClient;
  let now = 0;
  /** The clock stands still but for these: TanStack Query's tasks and the queue's run as usual. */
  const setNow = (moment: number) => {
    now = moment;
  };
  beforeEach(() => {
    vi.spyOn(Date, "now").mockImplementation(() => now);
    queryClient = new QueryClient();
    noteFetchStarts(queryClient.getQueryCache());
  });
  afterEach(() => {
    queryClient.clear();
    vi.restoreAllMocks();
  });

  it("reads again a query asked for before the join, answered or not, and not one asked for after", async () => {
    setNow(join - 20);
    const answeredBefore = watched(queryClient, "answered");
    answeredBefore.answer();
    await settled(queryClient);
    // Asked for before the join, answered after it: its answer may predate an event never sent here.
    const onItsWay = watched(queryClient, "on-its-way");
    setNow(join);
    const askedAfter = watched(queryClient, "after");

    refetchStaleQueries(queryClient, join);
    setNow(join + 10);
    onItsWay.answer();
    askedAfter.answer();
    await vi.waitFor(() => expect(onItsWay.calls.count).toBe(2));
    await vi.waitFor(() => expect(answeredBefore.calls.count).toBe(2));
    answeredBefore.answer();
    onItsWay.answer();
    await settled(queryClient);
    expect([answeredBefore.calls.count, onItsWay.calls.count, askedAfter.calls.count]).toEqual([2, 2, 1]);
  });

  it("reads again a list read before the join even if an event changed it in place since", async () => {
    setNow(join - 20);
    const list = watched(queryClient, "jobs");
    list.answer();
    await settled(queryClient);
    setNow(join + 5);
    queryClient.setQueryData(["jobs"], 7);

    refetchStaleQueries(queryClient, join);
    await vi.waitFor(() => expect(list.calls.count).toBe(2));
  });

  it("at a reconnection reads again what was read after the first join", async () => {
    setNow(join + 10);
    const list = watched(queryClient, "jobs");
    list.answer();
    await settled(queryClient);
    refetchStaleQueries(queryClient, join);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(list.calls.count).toBe(1);

    setNow(join + 60_000);
    refetchStaleQueries(queryClient, join + 60_000);
    await vi.waitFor(() => expect(list.calls.count).toBe(2));
  });

  it("marks stale one query per task, and leaves one asked for again meanwhile", async () => {
    setNow(join - 20);
    for (const key of ["a", "b", "z"]) queryClient.setQueryData([key], 1);
    const isInvalidated = (key: string) => queryClient.getQueryState([key])?.isInvalidated;

    refetchStaleQueries(queryClient, join);
    expect([isInvalidated("a"), isInvalidated("b")]).toEqual([true, false]);
    setNow(join + 5);
    await queryClient.fetchQuery({ queryKey: ["b"], queryFn: () => 2 });
    await vi.waitFor(() => expect(isInvalidated("z")).toBe(true));
    expect(isInvalidated("b")).toBe(false);
  });
});
