/**
 * The access log: one line per request (method, path, status, duration in ms, request id),
 * written when the answer has gone out or the connection closed. At debug level unless
 * ACCESS_LOG=1, which writes it at info. Tokens that are keys in a path are masked, from
 * the one list that token routes and pages are declared in (./token-paths.ts).
 */
import { config } from "@sched/core/config";
import { logger } from "@sched/core/logger";
import type { RequestHandler } from "express";
import { maskTokens } from "./token-paths";

const LEVEL = config.accessLog ? "info" : "debug";

export const accessLog: RequestHandler = (req, res, next) => {
  if (!logger.isLevelEnabled(LEVEL)) return next();
  const startedAt = performance.now();
  const path = maskTokens(req.originalUrl.split("?")[0]);
  let isWritten = false;
  const write = () => {
    if (isWritten) return;
    isWritten = true;
    const line = {
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round(performance.now() - startedAt),
      requestId: req.id,
      // Closed before the answer was complete: the client went away.
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    logger[LEVEL](line, "request");
  };
  res.once("finish", write);
  res.once("close", write);
  next();
};
