/**
 * Every call to the API goes through here: credentials always, JSON only when there is
 * a payload, the selected company in `X-Company-Id`, and any non-2xx turned into an
 * ApiError. Its message stays `"<status>: <body text or status text>"`, the text people
 * and toasts have always seen; code branches on `status` and `code` instead.
 */
import { type ApiErrorBody, COMPANY_HEADER, type ErrorCode, type FieldError } from "@sched/shared-types";
import type { QueryFunction, QueryKey } from "@tanstack/react-query";
import { selectedCompanyIdForRequests } from "../stores/company";

/**
 * The URL a query key stands for (keys come from lib/queryKeys.ts): string parts joined
 * with "/", object parts as the query string. `["/api/company", id, "subscription"]` is
 * `/api/company/<id>/subscription`, `["/api/employees", { companyId }]` is
 * `/api/employees?companyId=<id>`.
 */
export function queryKeyToUrl(queryKey: QueryKey): string {
  const segments: string[] = [];
  const params = new URLSearchParams();
  for (const part of queryKey) {
    if (part === null || part === undefined) continue;
    if (typeof part === "object") {
      for (const [name, value] of Object.entries(part)) {
        if (value !== null && value !== undefined && value !== "") params.append(name, String(value));
      }
    } else {
      segments.push(segments.length === 0 ? String(part) : encodeURIComponent(String(part)));
    }
  }
  const search = params.toString();
  return search ? `${segments.join("/")}?${search}` : segments.join("/");
}

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The API's JSON error answer, or null when something else (a proxy, the platform) answered. */
function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody> | null;
    return typeof body?.message === "string" && typeof body.code === "string" ? (body as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

/** A non-2xx answer of the API. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's error code; null when the answer was not the API's JSON. */
  readonly code: ErrorCode | null;
  /** Field errors of a validation answer (empty otherwise). */
  readonly errors: FieldError[];
  /** The whole JSON answer, extra fields included (e.g. an employee delete's counts); null when not JSON. */
  readonly body: ApiErrorBody | null;
  /** The answer's text, or the status text when it had none. */
  readonly text: string;
  /** A 429's or 503's Retry-After in seconds; null when the answer had none. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, text: string, retryAfterSeconds: number | null = null) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
    this.text = text;
    this.retryAfterSeconds = retryAfterSeconds;
    this.body = parseErrorBody(text);
    this.code = this.body?.code ?? null;
    this.errors = this.body?.errors ?? [];
  }
}

/** Retry-After as whole seconds (its date form included); null when absent or unreadable. */
function retryAfterOf(response: Response): number | null {
  const header = response.headers.get("Retry-After");
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : null;
}

/** An ApiError for `response`, which must not be 2xx. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  return new ApiError(
    response.status,
    (await response.text()) || response.statusText,
    retryAfterOf(response),
  );
}

function companyHeader(): Record<string, string> {
  const companyId = selectedCompanyIdForRequests();
  return companyId ? { [COMPANY_HEADER]: companyId } : {};
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw await apiErrorOf(response);
}

/** The header that makes a create safe to send again (docs/api.md). */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

type RequestOptions = {
  /**
   * One key per submit, the same on every retry of it: the server then makes the thing
   * once and answers a repeat with the first answer (lib/idempotency.ts makes them).
   */
  idempotencyKey?: string;
};

/** Sends one request; resolves with the response when it is 2xx, rejects with an ApiError otherwise. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  { idempotencyKey }: RequestOptions = {},
): Promise<Response> {
  const headers = companyHeader();
  const hasBody = body !== undefined;
  if (hasBody) headers["Content-Type"] = "application/json";
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  const response = await fetch(url, {
    method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

/** `apiRequest` and the parsed JSON answer (undefined for an empty body such as 204). */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const response = await apiRequest(method, url, body, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

type On401 = "returnNull" | "throw";

/** The query function that GETs the query key's URL; a 401 throws or yields null. */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKeyToUrl(queryKey), {
      headers: companyHeader(),
      credentials: "include",
      signal,
    });
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** True when `error` is the API's answer with `code`. */
export function isApiError(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}
