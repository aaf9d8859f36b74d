/**
 * The URL a query key GETs, in a module of its own (no fetch, no stores): the early script
 * (src/early/) asks for the board's lists by the same URLs before the app's code has loaded.
 */
import type { QueryKey } from "@tanstack/react-query";

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
