/**
 * Every path that carries a secret token as its key, in one list that the access log masks
 * from (./access-log.ts): a log is no place for credentials. API routes declare theirs with
 * apiTokenPath() where they are defined; the client's pages that e-mailed links open are
 * listed here. server/test/access-log.test.ts fails for a route or page with a `:token`
 * that is not in the list.
 */

/**
 * The client's pages that a link in an e-mail or a text brings a token to
 * (client/src/app/router.tsx, and the customer's pages in client/src/customer/pages.ts).
 */
export const TOKEN_PAGES = [
  "/reset-password/:token",
  "/invite/:token",
  "/unsubscribe/:token",
  "/visit/:token",
  "/invoice/:token",
  "/quote/:token",
];

type TokenPath = { path: string; match: RegExp; masked: string };

const registered: TokenPath[] = [];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Matches whatever begins like the path up to its token, so a token is masked even on a
 * request no route answers (a 404, a body refused before the route). Routes match paths
 * whatever their case, and so does the mask.
 */
function register(path: string) {
  const at = path.indexOf(":token");
  if (at < 0) throw new Error(`${path} has no :token parameter`);
  const prefix = path.slice(0, at);
  const pattern = prefix
    .split(/(:[A-Za-z_$][\w$]*)/)
    .map((part) => (part.startsWith(":") ? "[^/]+" : escapeRegExp(part)))
    .join("");
  registered.push({ path, match: new RegExp(`^${pattern}[^/]+`, "i"), masked: `${prefix}:token` });
}

for (const page of TOKEN_PAGES) register(page);

/**
 * Declares a path under /api whose `:token` parameter is a credential, for a router mounted
 * at the API's root; answers the path as the router takes it.
 */
export function apiTokenPath(path: string): string {
  register(`/api${path}`);
  return path;
}

/** Every declared token path, pages and API routes, as written. */
export function tokenPaths(): string[] {
  return registered.map(({ path }) => path);
}

/** The path with every declared token replaced by `:token` (and repeated slashes made one). */
export function maskTokens(path: string): string {
  const single = path.replace(/\/{2,}/g, "/");
  const found = registered.find(({ match }) => match.test(single));
  return found ? single.replace(found.match, found.masked) : single;
}
