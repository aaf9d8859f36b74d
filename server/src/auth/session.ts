/**
 * Server-side sessions in the `sessions` table (docs/auth.md). The cookie is HttpOnly,
 * SameSite=Lax and Secure in production; the store is written only when the
 * session changes (no touch on every request). Every request reads its session from the
 * table, so a logout is in force on the very next request, on every web process.
 */
import { config } from "@sched/core/config";
import { pool } from "@sched/core/db/client";
import { endSessionSockets } from "@sched/core/publish";
import connectPgSimple from "connect-pg-simple";
import type { NextFunction, Request, Response } from "express";
import session from "express-session";

export const SESSION_COOKIE = "sched.sid";
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

const PgStore = connectPgSimple(session);

const sessionStore = new PgStore({
  pool,
  tableName: "sessions",
  createTableIfMissing: false,
  disableTouch: true,
  // Expired rows are cleared hourly; tests turn the pruner off.
  pruneSessionInterval: config.isTest ? false : 60 * 60,
});

export const sessionMiddleware = session({
  name: SESSION_COOKIE,
  secret: config.sessionSecret,
  store: sessionStore,
  resave: false,
  saveUninitialized: false,
  rolling: false,
  // No `proxy` option: Express's own trust setting (TRUST_PROXY) decides whether the
  // connection is https, so X-Forwarded-Proto counts only from a trusted proxy (docs/auth.md).
  cookie: {
    httpOnly: true,
    sameSite: "lax",
    // Secure when the app's address is https; a plain-http APP_URL (a local production
    // run) still signs in. See docs/auth.md.
    secure: config.isHttps,
    maxAge: THIRTY_DAYS_MS,
  },
});

/**
 * Starts a fresh session for `userId`: a new id at every sign-in (no fixation). A session
 * this browser had before ends, and with it its open sockets.
 */
export function signIn(req: Request, userId: string): Promise<void> {
  const previous = req.session.userId ? req.session.id : undefined;
  return new Promise((resolve, reject) => {
    req.session.regenerate((error) => {
      if (error) return reject(error);
      if (previous) endSessionSockets(previous);
      req.session.userId = userId;
      req.session.save((saveError) => (saveError ? reject(saveError) : resolve()));
    });
  });
}

/**
 * Deletes the session row, so the old cookie is worthless, then disconnects the session's
 * open sockets on every process: their events stop with the session (docs/realtime.md).
 */
export function signOut(req: Request): Promise<void> {
  // A visitor who never signed in has an id that no socket can have joined.
  const sessionId = req.session.userId ? req.session.id : undefined;
  return new Promise((resolve, reject) => {
    req.session.destroy((error) => {
      if (error) return reject(error);
      if (sessionId) endSessionSockets(sessionId);
      resolve();
    });
  });
}

/** Sets req.userId from the session, if any. */
export function loadUser(req: Request, _res: Response, next: NextFunction) {
  req.userId = req.session?.userId;
  next();
}
