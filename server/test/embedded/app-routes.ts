/**
 * Every route the app serves, read from the Express router at run time (not from a list
 * someone has to keep): "METHOD /api/path/:param" for each route of each mounted router.
 */
import type { Express } from "express";

/** The parts of the router's (untyped) layers read here. */
type Layer = {
  rawPath?: string;
  handle?: unknown;
  route?: { path: string; _methods(): string[] };
};

const stackOf = (handle: unknown): Layer[] | undefined => {
  const stack: unknown = typeof handle === "function" ? Reflect.get(handle, "stack") : undefined;
  return Array.isArray(stack) ? (stack as Layer[]) : undefined;
};

function collect(stack: Layer[], prefix: string, into: Set<string>) {
  for (const layer of stack) {
    const at = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
    if (layer.route) {
      // A sub-router's root route is "/": "/api/jobs/" is the route "/api/jobs".
      const path = `${prefix}${layer.route.path}`.replace(/(.)\/$/, "$1");
      for (const method of layer.route._methods().map((name) => name.toUpperCase())) {
        // HEAD rides along with GET; "_ALL" is a catch-all (the client router), not an API route.
        if (method === "HEAD" || method === "_ALL") continue;
        into.add(`${method} ${path}`);
      }
      continue;
    }
    const inner = stackOf(layer.handle);
    if (inner) collect(inner, `${prefix}${at}`, into);
  }
}

/** The app's /api routes, sorted. */
export function apiRoutesOf(app: Express): string[] {
  const found = new Set<string>();
  collect(stackOf(app.router) ?? [], "", found);
  return [...found].filter((route) => route.split(" ")[1].startsWith("/api")).sort();
}
