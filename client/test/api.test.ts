import { COMPANY_HEADER, DEFAULT_COMPANY_PLACEHOLDER } from "@sched/shared-types";
import type { QueryFunctionContext } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import {
  ApiError,
  apiJson,
  apiRequest,
  getQueryFn,
  IDEMPOTENCY_KEY_HEADER,
  isApiError,
  queryKeyToUrl,
} from "../src/lib/api";
import { createSubmitKey } from "../src/lib/idempotency";
import { queryKeys } from "../src/lib/queryKeys";
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

/** What `run` rejects with; fails the test when it resolves. */
async function rejectionOf(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
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
  it("turns a non-2xx answer into an ApiError whose message is '<status>: <body text>'", async () => {
    const body = {
      message: "Name is required",
      code: "validation",
      errors: [{ path: "name", message: "Name is required" }],
    };
    answer(new Response(JSON.stringify(body), { status: 400 }));
    const error = await rejectionOf(() => apiRequest("POST", "/api/employees", { name: "" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      status: 400,
      code: "validation",
      message: `400: ${JSON.stringify(body)}`,
      errors: body.errors,
      body,
    });
  });

  it("keeps an answer's extra fields in the body", async () => {
    const body = { message: "Has jobs", code: "conflict", jobCount: 2, messageCount: 0 };
    answer(new Response(JSON.stringify(body), { status: 409 }));
    const error = await rejectionOf(() => apiRequest("DELETE", "/api/employees/1"));
    expect(isApiError(error, "conflict")).toBe(true);
    expect(isApiError(error, "not_found")).toBe(false);
    expect(error instanceof ApiError && error.body?.jobCount).toBe(2);
  });

  it("uses the status text when the body is empty, and has no code for an answer not from the API", async () => {
    answer(new Response(null, { status: 404, statusText: "Not Found" }));
    const error = await rejectionOf(() => apiRequest("DELETE", "/api/employees/1"));
    expect(error).toMatchObject({
      status: 404,
      code: null,
      message: "404: Not Found",
      errors: [],
      body: null,
    });
  });

  it("reads a limit's Retry-After into seconds", async () => {
    const body = { message: "Too many messages.", code: "rate_limited" };
    answer(new Response(JSON.stringify(body), { status: 429, headers: { "Retry-After": "42" } }));
    expect(await rejectionOf(() => apiRequest("POST", "/api/chat", {}))).toMatchObject({
      retryAfterSeconds: 42,
    });
    answer(new Response(JSON.stringify(body), { status: 429 }));
    expect(await rejectionOf(() => apiRequest("POST", "/api/chat", {}))).toMatchObject({
      retryAfterSeconds: null,
    });
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

describe("idempotency keys", () => {
  it("sends Idempotency-Key only when the caller gives one", async () => {
    answer(new Response("{}", { status: 201 }));
    await apiRequest("POST", "/api/jobs", { location: "1 Main St" });
    expect(sentHeaders()[IDEMPOTENCY_KEY_HEADER]).toBeUndefined();

    fetchMock.mockClear();
    answer(new Response("{}", { status: 201 }));
    await apiRequest("POST", "/api/jobs", { location: "1 Main St" }, { idempotencyKey: "key-1" });
    expect(IDEMPOTENCY_KEY_HEADER).toBe("Idempotency-Key");
    expect(sentHeaders()).toMatchObject({
      [IDEMPOTENCY_KEY_HEADER]: "key-1",
      "Content-Type": "application/json",
    });
  });

  it("apiJson passes the key on, and a retry of the same submit sends the same key", async () => {
    const submitKey = createSubmitKey();
    const job = { location: "1 Main St" };
    answer(new Response(JSON.stringify({ message: "Try again", code: "unavailable" }), { status: 503 }));
    await rejectionOf(() => apiJson("POST", "/api/jobs", job, { idempotencyKey: submitKey.keyFor(job) }));
    answer(new Response('{"id":"j1"}', { status: 201 }));
    await expect(
      apiJson("POST", "/api/jobs", { ...job }, { idempotencyKey: submitKey.keyFor({ ...job }) }),
    ).resolves.toEqual({ id: "j1" });
    const [first, retry] = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER),
    );
    expect(first).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(retry).toBe(first);
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
    const data = await getQueryFn({ on401: "throw" })(queryContext(queryKeys.subscription(COMPANY_ID)));
    expect(data).toEqual([{ id: "1" }]);
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/company/${COMPANY_ID}/subscription`);
    expect(sentInit().credentials).toBe("include");
  });

  it("yields null on 401 when asked to", async () => {
    answer(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: "returnNull" })(queryContext(queryKeys.user()))).resolves.toBeNull();
  });

  it("throws on 401 otherwise", async () => {
    answer(new Response('{"message":"Not signed in","code":"unauthorized"}', { status: 401 }));
    const error = await rejectionOf(() => getQueryFn({ on401: "throw" })(queryContext(queryKeys.user())));
    expect(error).toMatchObject({
      status: 401,
      code: "unauthorized",
      message: '401: {"message":"Not signed in","code":"unauthorized"}',
    });
  });
});

describe("queryKeyToUrl", () => {
  it("turns the factory's keys into the API's paths", () => {
    expect(queryKeyToUrl(queryKeys.user())).toBe("/api/user");
    expect(queryKeyToUrl(queryKeys.members("c1"))).toBe("/api/companies/c1/users");
    expect(queryKeyToUrl(queryKeys.subscription("c1"))).toBe("/api/company/c1/subscription");
    expect(queryKeyToUrl(queryKeys.jobs("c1", "2025-01-06", "2025-01-11"))).toBe(
      "/api/jobs?companyId=c1&startDate=2025-01-06&endDate=2025-01-11",
    );
    expect(queryKeyToUrl(queryKeys.freeAccessCompanies())).toBe("/api/admin/free-access-companies");
    expect(queryKeyToUrl(queryKeys.invitation("a b"))).toBe("/api/invitations/token/a%20b");
  });

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
