import { COMPANY_HEADER, DEFAULT_COMPANY_PLACEHOLDER } from "@sched/shared-types";
import type { QueryFunctionContext } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { apiJson, apiRequest, errorMessage, errorStatus, getQueryFn, queryKeyToUrl } from "../src/lib/api";
import { useCompanyStore } from "../src/stores/company";

const COMPANY_ID = "0b4f6a8e-3c1d-4e2f-9a7b-5c6d7e8f9a0b";

type FetchMock = Mock<(input: string, init?: RequestInit) => Promise<Response>>;
let fetchMock: FetchMock;

function answer(response: Response) {
  fetchMock.mockImplementation(async () => response);
}

function sentInit(): RequestInit {
  return fetchMock.mock.calls[0][1] ?? {};
}

function sentHeaders(): Record<string, string> {
  return (sentInit().headers ?? {}) as Record<string, string>;
}

function queryContext(queryKey: readonly unknown[]): QueryFunctionContext {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as QueryFunctionContext;
}

beforeEach(() => {
  fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal("fetch", fetchMock);
  useCompanyStore.setState({ selectedCompanyId: DEFAULT_COMPANY_PLACEHOLDER });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("turns a non-2xx answer into '<status>: <body text>'", async () => {
    answer(new Response(JSON.stringify({ message: "Name is required" }), { status: 400 }));
    await expect(apiRequest("POST", "/api/employees", { name: "" })).rejects.toThrow(
      '400: {"message":"Name is required"}',
    );
  });

  it("uses the status text when the body is empty", async () => {
    answer(new Response(null, { status: 404, statusText: "Not Found" }));
    await expect(apiRequest("DELETE", "/api/employees/1")).rejects.toThrow("404: Not Found");
  });

  it("resolves with the response on 2xx", async () => {
    answer(new Response("[]", { status: 200 }));
    const response = await apiRequest("GET", "/api/templates");
    expect(response.status).toBe(200);
  });

  it("always sends credentials; JSON and its Content-Type only with a payload", async () => {
    answer(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/logout");
    expect(sentInit()).toMatchObject({ method: "POST", credentials: "include", body: undefined });
    expect(sentHeaders()["Content-Type"]).toBeUndefined();

    fetchMock.mockClear();
    answer(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/login", { email: "a@b.co", password: "secret" });
    expect(sentInit()).toMatchObject({
      credentials: "include",
      body: '{"email":"a@b.co","password":"secret"}',
    });
    expect(sentHeaders()["Content-Type"]).toBe("application/json");
  });

  it("sends the selected company only when it is a real id", async () => {
    answer(new Response("{}", { status: 200 }));
    await apiRequest("GET", "/api/templates");
    expect(sentHeaders()[COMPANY_HEADER]).toBeUndefined();

    useCompanyStore.setState({ selectedCompanyId: COMPANY_ID });
    fetchMock.mockClear();
    answer(new Response("{}", { status: 200 }));
    await apiRequest("GET", "/api/templates");
    expect(sentHeaders()[COMPANY_HEADER]).toBe(COMPANY_ID);
  });
});

describe("apiJson", () => {
  it("parses the answer and yields undefined for an empty one", async () => {
    answer(new Response('{"id":"1"}', { status: 201 }));
    await expect(apiJson("POST", "/api/templates", { name: "A" })).resolves.toEqual({ id: "1" });
    answer(new Response(null, { status: 204 }));
    await expect(apiJson("DELETE", "/api/templates/1")).resolves.toBeUndefined();
  });
});

describe("getQueryFn", () => {
  it("GETs the query key's path with credentials", async () => {
    answer(new Response('[{"id":"1"}]', { status: 200 }));
    const data = await getQueryFn({ on401: "throw" })(
      queryContext(["/api/company", COMPANY_ID, "subscription"]),
    );
    expect(data).toEqual([{ id: "1" }]);
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/company/${COMPANY_ID}/subscription`);
    expect(sentInit().credentials).toBe("include");
  });

  it("yields null on 401 when asked to", async () => {
    answer(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: "returnNull" })(queryContext(["/api/user"]))).resolves.toBeNull();
  });

  it("throws on 401 otherwise", async () => {
    answer(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: "throw" })(queryContext(["/api/user"]))).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
  });
});

describe("queryKeyToUrl", () => {
  it("joins path parts and turns objects into the query string", () => {
    expect(queryKeyToUrl(["/api/user"])).toBe("/api/user");
    expect(queryKeyToUrl(["/api/companies", "c1", "users"])).toBe("/api/companies/c1/users");
    expect(
      queryKeyToUrl(["/api/jobs", { startDate: "2025-01-06", endDate: "2025-01-11", companyId: "c1" }]),
    ).toBe("/api/jobs?startDate=2025-01-06&endDate=2025-01-11&companyId=c1");
    expect(queryKeyToUrl(["/api/call-records", { date: "2025-01-06", companyId: undefined }])).toBe(
      "/api/call-records?date=2025-01-06",
    );
  });
});

describe("error helpers", () => {
  it("read the status and the server's message", () => {
    const error = new Error('409: {"message":"Email already registered"}');
    expect(errorStatus(error)).toBe(409);
    expect(errorMessage(error, "Please try again")).toBe("Email already registered");
  });

  it("fall back to the raw body, then to the given text", () => {
    expect(errorMessage(new Error("502: Bad Gateway"), "Please try again")).toBe("Bad Gateway");
    expect(errorMessage(new TypeError("Failed to fetch"), "Please try again")).toBe("Please try again");
    expect(errorStatus(new TypeError("Failed to fetch"))).toBeNull();
    expect(errorMessage("not an error", "Please try again")).toBe("Please try again");
  });
});
