import { STALE_TIME_MS } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { ApiError } from "../src/lib/api";
import { MAX_QUERY_ATTEMPTS, queryClient, shouldRetryQuery } from "../src/lib/queryClient";

/** How many times a query runs in all when it fails with `error` every time. */
function attemptsFor(error: unknown): number {
  let failureCount = 0;
  while (shouldRetryQuery(failureCount, error)) failureCount++;
  return failureCount + 1;
}

describe("shouldRetryQuery", () => {
  it("never retries a 4xx", () => {
    for (const status of [400, 401, 402, 403, 404, 409, 429]) {
      expect(shouldRetryQuery(0, new ApiError(status, '{"message":"no","code":"forbidden"}'))).toBe(false);
    }
  });

  it("tries a 5xx or a network failure up to three times", () => {
    expect(MAX_QUERY_ATTEMPTS).toBe(3);
    expect(attemptsFor(new ApiError(500, "Internal server error"))).toBe(3);
    expect(attemptsFor(new ApiError(503, "Service Unavailable"))).toBe(3);
    expect(attemptsFor(new TypeError("Failed to fetch"))).toBe(3);
  });

  it("reads the status, not any 4 in the message", () => {
    expect(shouldRetryQuery(0, new ApiError(500, '{"message":"Job 404 failed","code":"internal"}'))).toBe(
      true,
    );
    expect(shouldRetryQuery(0, new Error("404: not from the API"))).toBe(true);
  });
});

describe("queryClient defaults", () => {
  it("keeps data 5 minutes, does not refetch on focus, never retries mutations", () => {
    const { queries, mutations } = queryClient.getDefaultOptions();
    expect(queries?.staleTime).toBe(STALE_TIME_MS);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.retry).toBe(shouldRetryQuery);
    expect(mutations?.retry).toBe(false);
  });
});
