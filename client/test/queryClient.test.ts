import { DEFAULT_COMPANY_PLACEHOLDER, STALE_TIME_MS } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { ApiError } from "../src/lib/api";
import {
  goesWithCompanyChange,
  MAX_QUERY_ATTEMPTS,
  queryClient,
  shouldRetryQuery,
} from "../src/lib/queryClient";
import { queryKeys } from "../src/lib/queryKeys";

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

describe("goesWithCompanyChange", () => {
  const a = "0b7e2f4c-1d2a-4c3b-9e8f-1a2b3c4d5e6f";
  const b = "7c1d9e2f-3a4b-4c5d-8e6f-9a0b1c2d3e4f";
  const weekOf = (companyId: string) => queryKeys.jobs(companyId, "2030-06-03", "2030-06-09");

  it("keeps who is signed in and their companies (under /api/companies)", () => {
    expect(goesWithCompanyChange(queryKeys.user(), a, b)).toBe(false);
    expect(goesWithCompanyChange(queryKeys.companies(), a, b)).toBe(false);
    expect(goesWithCompanyChange(queryKeys.settings(b), a, b)).toBe(false);
  });

  it("drops every list when one company gives way to another", () => {
    expect(goesWithCompanyChange(weekOf(b), a, b)).toBe(true);
    expect(goesWithCompanyChange(queryKeys.employees(b), a, b)).toBe(true);
    expect(goesWithCompanyChange(queryKeys.notifications(a), a, b)).toBe(true);
  });

  it("keeps, at a first selection, what was asked for by the new company's name, and only that", () => {
    for (const before of [DEFAULT_COMPANY_PLACEHOLDER, ""]) {
      expect(goesWithCompanyChange(weekOf(b), before, b)).toBe(false);
      expect(goesWithCompanyChange(queryKeys.employees(b), before, b)).toBe(false);
      expect(goesWithCompanyChange(weekOf(a), before, b)).toBe(true);
      expect(goesWithCompanyChange(queryKeys.plans(), before, b)).toBe(true);
    }
  });

  it("drops every list when the selection is cleared", () => {
    expect(goesWithCompanyChange(weekOf(a), a, "")).toBe(true);
  });
});
