/**
 * Every call to the API goes through here: credentials always, JSON only when there is
 * a payload, the selected company in `X-Company-Id`, and any non-2xx turned into an
 * ApiError. Its message stays `"<status>: <body text or status text>"`, the text people
 * and toasts have always seen; code branches on `status` and `code` instead.
 */
import { type ApiErrorBody, COMPANY_HEADER, type ErrorCode, type FieldError } from "@sched/shared-types";
import type { QueryFunction } from "@tanstack/react-query";
import { type EarlyAnswer, takeEarlyAnswer } from "../early/earlyAnswers";
import { selectedCompanyIdForRequests } from "../stores/company";
import { queryKeyToUrl } from "./queryUrl";

export { queryKeyToUrl };

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

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

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
    this.text = text;
    this.body = parseErrorBody(text);
    this.code = this.body?.code ?? null;
    this.errors = this.body?.errors ?? [];
  }
}

/** An ApiError for `response`, which must not be 2xx. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  return new ApiError(response.status, (await response.text()) || response.statusText);
}

function companyHeader(): Record<string, string> {
  const companyId = selectedCompanyIdForRequests();
  return companyId ? { [COMPANY_HEADER]: companyId } : {};
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw await apiErrorOf(response);
}

/** The header that makes a create safe to send again (docs/api.md, "Idempotency keys"). */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

export type RequestOptions = {
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

/** What a query makes of the early script's answer: as of the server's own. */
function fromEarly<T>(answer: EarlyAnswer, on401: On401): T | null {
  if (answer.ok) return answer.data as T;
  if (on401 === "returnNull" && answer.status === 401) return null;
  throw new ApiError(answer.status, answer.text);
}

/**
 * The query function that GETs the query key's URL; a 401 throws or yields null. When the
 * early script asked for the same URL on this page, its answer is used, once
 * (docs/schedule.md, "The first paint").
 */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const early = takeEarlyAnswer(queryKey);
    if (early) return fromEarly<T>(await early, on401);
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

/**
 * The text to show for a failed call: the server's `message`, else its raw answer, else
 * `fallback` (also for network failures, whose text means nothing to a user).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.body?.message || error.text.trim() || fallback;
}
