/**
 * Server-side sessions in SPEC's `sessions` table. The cookie is HttpOnly,
 * SameSite=Lax and Secure in production; the store is written only when the
 * session changes (no touch on every request).
 */
import connectPgSimple from "connect-pg-simple";
import type { NextFunction, Request, Response } from "express";
import session from "express-session";
import { config } from "../config";
import { pool } from "../db/client";
import { Unauthorized } from "../errors";

export const SESSION_COOKIE = "sched.sid";
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

const PgStore = connectPgSimple(session);

export const sessionStore = new PgStore({
  pool,
  tableName: "sessions",
  createTableIfMissing: false,
  disableTouch: true,
  // Expired rows are cleared by the hourly pruner of one process is enough; tests turn it off.
  pruneSessionInterval: config.isTest ? false : 60 * 60,
});

export const sessionMiddleware = session({
  name: SESSION_COOKIE,
  secret: config.sessionSecret,
  store: sessionStore,
  resave: false,
  saveUninitialized: false,
  rolling: false,
  proxy: Boolean(config.trustProxy),
  cookie: {
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    maxAge: THIRTY_DAYS_MS,
  },
});

/** Starts a fresh session for `userId`: a new id at every sign-in (no fixation). */
export function signIn(req: Request, userId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((error) => {
      if (error) return reject(error);
      req.session.userId = userId;
      req.session.save((saveError) => (saveError ? reject(saveError) : resolve()));
    });
  });
}

/** Deletes the session row, so the old cookie is worthless. */
export function signOut(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.destroy((error) => (error ? reject(error) : resolve()));
  });
}

/** Sets req.userId from the session, if any. */
export function loadUser(req: Request, _res: Response, next: NextFunction) {
  req.userId = req.session?.userId;
  next();
}

export function requireUser(req: Request, _res: Response, next: NextFunction) {
  if (!req.userId) throw new Unauthorized();
  next();
}
