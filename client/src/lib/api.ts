/**
 * Every call to the API goes through here: credentials always, JSON only when there is
 * a payload, the selected company in `X-Company-Id`, and any non-2xx turned into
 * `Error("<status>: <body text or status text>")` (SPEC sections 7 and 8).
 */
import { COMPANY_HEADER, type ErrorBodyDTO } from "@sched/shared-types";
import type { QueryFunction, QueryKey } from "@tanstack/react-query";
import { selectedCompanyIdForRequests } from "../stores/company";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const API_ERROR_PATTERN = /^(\d{3}): ([\s\S]*)$/;

function companyHeader(): Record<string, string> {
  const companyId = selectedCompanyIdForRequests();
  return companyId ? { [COMPANY_HEADER]: companyId } : {};
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

/** Sends one request; resolves with the response when it is 2xx, rejects otherwise. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const headers = companyHeader();
  const hasBody = body !== undefined;
  if (hasBody) headers["Content-Type"] = "application/json";
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
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The URL a query key stands for: string parts joined with "/", object parts as the
 * query string. `["/api/company", id, "subscription"]` is `/api/company/<id>/subscription`,
 * `["/api/employees", { companyId }]` is `/api/employees?companyId=<id>`.
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

/** The HTTP status of an error raised by `apiRequest`, or null for anything else (network, bugs). */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = API_ERROR_PATTERN.exec(error.message);
  return match ? Number(match[1]) : null;
}

/**
 * The text to show for a failed call: the server's `{ message }`, else its raw body,
 * else `fallback` (also for network failures, whose text means nothing to a user).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = API_ERROR_PATTERN.exec(error.message);
  if (!match) return fallback;
  const body = match[2].trim();
  try {
    const parsed = JSON.parse(body) as Partial<ErrorBodyDTO> | null;
    if (parsed && typeof parsed.message === "string" && parsed.message) return parsed.message;
  } catch {
    // Not JSON: a proxy or the platform answered with plain text.
  }
  return body || fallback;
}
