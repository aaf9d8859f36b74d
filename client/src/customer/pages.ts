/**
 * The customer's pages and the paths that open them. The server answers these paths with
 * customer.html (server/src/http/client-files.ts); a path with a token is listed in
 * server/src/http/token-paths.ts, which server/test/access-log.test.ts checks against this table.
 */
export const customerPages = [
  { page: "book", path: "book/:slug" },
  { page: "visit", path: "visit/:token" },
  { page: "invoice", path: "invoice/:token" },
  { page: "quote", path: "quote/:token" },
] as const;

export type CustomerPage =
  | { page: "book"; slug: string }
  | { page: "visit"; token: string }
  | { page: "invoice"; token: string }
  | { page: "quote"; token: string }
  | { page: "none" };

/** The page a location's path opens: /book/<slug> or /visit/<token>, else none. */
export function pageOf(pathname: string): CustomerPage {
  const [first, key, ...rest] = pathname.replace(/^\/+|\/+$/g, "").split("/");
  if (!key || rest.length > 0) return { page: "none" };
  const value = safeDecode(key);
  if (value === null) return { page: "none" };
  if (first === "book") return { page: "book", slug: value };
  if (first === "visit") return { page: "visit", token: value };
  if (first === "invoice") return { page: "invoice", token: value };
  if (first === "quote") return { page: "quote", token: value };
  return { page: "none" };
}

function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}
