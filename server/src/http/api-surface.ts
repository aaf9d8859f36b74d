/**
 * The API's surface as Express holds it: every method and path of a mounted router, with
 * the spec each route() handler was made from (./route.ts). The OpenAPI document
 * (./openapi.ts) is built from this, so a route cannot be added without appearing in it.
 */
import { type RouteSpec, routeSpecOf } from "./route";

/** The parts of the router's (untyped) layers read here: a route, or a router mounted at `rawPath`. */
type Layer = {
  rawPath?: unknown;
  route?: { path: unknown; stack: { method?: string; handle: unknown }[] };
  handle: unknown;
};

/** One method of one path, `path` in Express's words (`/api/jobs/:id`). */
export type ApiRoute = { method: string; path: string; spec: RouteSpec | undefined };

const stackOf = (handle: unknown): Layer[] | undefined => {
  const stack: unknown = typeof handle === "function" ? Reflect.get(handle, "stack") : undefined;
  return Array.isArray(stack) ? (stack as Layer[]) : undefined;
};

/** `/api/jobs/` and `/api/jobs` are one path to Express (not strict): written without the slash. */
const joinPath = (prefix: string, path: string) => `${prefix}${path}`.replace(/(.)\/$/, "$1");

/** Every route of `router` mounted at `prefix`, one entry per method, sub-routers included. */
export function routesOf(router: unknown, prefix: string): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const layer of stackOf(router) ?? []) {
    if (layer.route) {
      const path = joinPath(prefix, String(layer.route.path));
      const methods = [...new Set(layer.route.stack.map((entry) => entry.method).filter(Boolean))];
      for (const method of methods as string[]) {
        const handles = layer.route.stack.filter((entry) => entry.method === method);
        const spec = handles.map((entry) => routeSpecOf(entry.handle)).find(Boolean);
        routes.push({ method, path, spec });
      }
      continue;
    }
    const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
    if (stackOf(layer.handle)) routes.push(...routesOf(layer.handle, `${prefix}${mount}`));
  }
  return routes;
}

/** Express's `:id` as OpenAPI's `{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/** The names of a path's parameters, in order. */
export const pathParamNames = (path: string) =>
  [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
