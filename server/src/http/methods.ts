/**
 * Every /api answer is the JSON error format (docs/api.md), also for a method a path does
 * not take: left alone, Express answers OPTIONS itself in plain text and a wrong method
 * with the 404 of an unknown path. Here a known path asked with another method, OPTIONS
 * included, answers 405 `method_not_allowed` with an Allow header; an unknown path 404.
 * The API serves its own origin only, so no CORS preflight is ever answered yes.
 */
import { AppError, NotFound } from "@sched/core/errors";
import type { RequestHandler, Router } from "express";

/** The parts of the router's (untyped) layers read here: a path matcher, a route or a sub-router. */
type Layer = {
  match(path: string): { path: string } | false;
  route?: { _methods(): string[] };
  handle: unknown;
};

const stackOf = (handle: unknown): Layer[] | undefined => {
  const stack: unknown = handle && typeof handle === "function" ? Reflect.get(handle, "stack") : undefined;
  return Array.isArray(stack) ? (stack as Layer[]) : undefined;
};

/** The methods some route of `stack` takes at `path`, sub-routers included. */
function methodsAt(stack: Layer[], path: string): string[] {
  const methods: string[] = [];
  for (const layer of stack) {
    const match = layer.match(path);
    if (!match) continue;
    if (layer.route) {
      methods.push(...layer.route._methods());
      continue;
    }
    const inner = stackOf(layer.handle);
    if (inner) methods.push(...methodsAt(inner, path.slice(match.path.length) || "/"));
  }
  return [...new Set(methods)].sort();
}

class MethodNotAllowed extends AppError {
  constructor(method: string, allowed: string[]) {
    super(405, "method_not_allowed", `${method} is not allowed here: use ${allowed.join(", ")}`);
  }
}

/** 405 with Allow when another method of `path` exists, else the 404 of an unknown endpoint. */
function refusal(router: Router, method: string, path: string, setAllow: (allow: string) => void): AppError {
  const allowed = methodsAt(stackOf(router) ?? [], path);
  if (allowed.length === 0) return new NotFound("No such endpoint");
  setAllow(allowed.join(", "));
  return new MethodNotAllowed(method, allowed);
}

/** Before `router`: OPTIONS never reaches Express's plain-text answer. */
export function refuseOptions(router: Router): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "OPTIONS") return next();
    throw refusal(router, req.method, req.path, (allow) => res.setHeader("Allow", allow));
  };
}

/** After `router`: what it did not answer is an unknown path (404) or a wrong method (405). */
export function unknownEndpoint(router: Router): RequestHandler {
  return (req, res) => {
    throw refusal(router, req.method, req.path, (allow) => res.setHeader("Allow", allow));
  };
}
