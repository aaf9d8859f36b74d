import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { refetchStaleQueries } from "../src/lib/refetchStale";

describe("refetchStaleQueries", () => {
  it("marks stale what was read before the moment, one query per task, and nothing read after", async () => {
    const queryClient = new QueryClient();
    const moment = 1_000_000;
    queryClient.setQueryData(["a"], 1, { updatedAt: moment - 2 });
    queryClient.setQueryData(["b"], 2, { updatedAt: moment - 1 });
    queryClient.setQueryData(["c"], 3, { updatedAt: moment + 1 });
    const isInvalidated = (key: string) => queryClient.getQueryState([key])?.isInvalidated;

    refetchStaleQueries(queryClient, moment);
    expect([isInvalidated("a"), isInvalidated("b")]).toEqual([true, false]);
    await vi.waitFor(() => expect(isInvalidated("b")).toBe(true));
    expect(isInvalidated("c")).toBe(false);
  });

  it("leaves a query read again meanwhile", async () => {
    const queryClient = new QueryClient();
    const moment = 1_000_000;
    queryClient.setQueryData(["a"], 1, { updatedAt: moment - 2 });
    queryClient.setQueryData(["b"], 2, { updatedAt: moment - 1 });
    queryClient.setQueryData(["z"], 9, { updatedAt: moment - 1 });
    refetchStaleQueries(queryClient, moment);
    queryClient.setQueryData(["b"], 3, { updatedAt: moment + 5 });
    await vi.waitFor(() => expect(queryClient.getQueryState(["z"])?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(["b"])?.isInvalidated).toBe(false);
  });
});
