/**
 * The signed-in user of a request read as express-session reads it, from the sessions this
 * process holds in memory (docs/realtime.md, "Caches in the web process"): what the fast
 * lane needs of a session (./fast-lane.ts). A session not held here is for the full path.
 */
import type { IncomingMessage } from "node:http";
import { type CachedSession, sessionCache } from "@sched/core/cache/sessions";
import { config } from "@sched/core/config";
import { parse as parseCookies } from "cookie";
import { unsign } from "cookie-signature";
import { SESSION_COOKIE } from "../auth/session";

/** Signed cookie values this process has verified, with their session id: a repeat costs no HMAC. */
const verified = new Map<string, string>();
const MAX_VERIFIED = 50_000;
/** The user of each session held, read from its JSON once. */
const userOfSession = new WeakMap<CachedSession, string | undefined>();

/** The session id of express-session's signed cookie value ("s:" and the id signed with the secret). */
function sessionIdOf(raw: string): string | undefined {
  const known = verified.get(raw);
  if (known !== undefined) return known;
  if (!raw.startsWith("s:")) return undefined;
  const sessionId = unsign(raw.slice(2), config.sessionSecret);
  if (sessionId === false) return undefined;
  // Only values that passed the check are kept: a value found here is one signed with the secret.
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(raw, sessionId);
  return sessionId;
}

function userOf(session: CachedSession): string | undefined {
  if (userOfSession.has(session)) return userOfSession.get(session);
  const { userId } = JSON.parse(session.json) as { userId?: unknown };
  const user = typeof userId === "string" ? userId : undefined;
  userOfSession.set(session, user);
  return user;
}

/** The signed-in user of a request, when its signed session is held in memory and still valid. */
export function userInMemory(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const raw = parseCookies(header)[SESSION_COOKIE];
  const sessionId = raw === undefined ? undefined : sessionIdOf(raw);
  if (sessionId === undefined) return undefined;
  const session = sessionCache.get(sessionId);
  if (!session || session.expiresAt < Date.now()) return undefined;
  return userOf(session);
}
