/**
 * The OpenAPI 3.1 description of the API, served at GET /api/openapi.json (docs/api.md).
 * It is built from the routers themselves (./api-surface.ts): each route's method and
 * path as Express holds them, and the zod schemas, access and status its route() was
 * given. A success answer is the route's `response` schema, the one its type is inferred
 * from (shared-types/src/schemas), or any JSON where the route declares none; errors are
 * `{message, code, errors?}` with the codes of shared-types/src/errors.ts.
 */
import { COMPANY_HEADER, ERROR_CODES, ZCompanyId } from "@sched/shared-types";
import type { Express, RequestHandler } from "express";
import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import { SESSION_COOKIE } from "../auth/session";
import { type ApiRoute, openApiPath, pathParamNames, routesOf } from "./api-surface";
import { IDEMPOTENCY_KEY_HEADER } from "./idempotency";
import {
  BODIES_READ_BY_THE_HANDLER,
  MEDIA_TYPES,
  notesNamingNoRoute,
  RATE_LIMITED,
  ROUTES_WITHOUT_ROUTE_HELPER,
  TAG_ALIASES,
} from "./openapi-notes";
import { type RouteSpec, route } from "./route";

const ZApiError = z
  .looseObject({
    message: z.string().meta({ description: "For people; may change" }),
    code: z.enum(ERROR_CODES).meta({ description: "Stable: clients branch on it" }),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Error", description: "Every error answer (docs/api.md)" });

const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: ZApiError } },
});

/** Who may call, in the words of docs/api.md. */
function accessText(access: RouteSpec["access"]): string {
  if (access === "public") return "Anyone";
  if (access === "user") return "Signed in (the row's company and role are checked by the route)";
  if (access === "systemAdmin") return "A system administrator";
  if ("company" in access) return `A member of the company whose role allows \`${access.company}\``;
  return `Any member of the company (\`${access.companyMember}\`)`;
}

/** The resource a path belongs to: /api/<resource>/..., or /api/companies/{companyId}/<resource>. */
const tagOf = (path: string) => {
  const segments = path.split("/").filter((segment) => segment && segment !== "api");
  const nested = /^compan(y|ies)$/.test(segments[0] ?? "") && segments[2] ? segments[2] : segments[0];
  const resource = (nested ?? "service").replace(/\..*$/, "");
  return TAG_ALIASES[resource] ?? resource;
};

/** `put /api/jobs/:id` → `putJobsById`: unique because method and path are. */
const operationIdOf = (method: string, path: string) =>
  method +
  path
    .split("/")
    .filter((segment) => segment && segment !== "api")
    .map((segment) =>
      segment
        .replace(/^:(\w+)/, "By-$1")
        .split(/[^A-Za-z0-9]+/)
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(""),
    )
    .join("");

function pathParams(route: ApiRoute): z.ZodObject | undefined {
  const names = pathParamNames(route.path);
  if (names.length === 0) return undefined;
  const given = route.spec?.params instanceof z.ZodObject ? route.spec.params : z.object({});
  const missing = names.filter((name) => !(name in given.shape));
  return given.extend(Object.fromEntries(missing.map((name) => [name, z.string()])));
}

function headerParams(spec: RouteSpec): z.ZodObject | undefined {
  const headers: Record<string, z.ZodType> = {};
  if (spec.idempotent) {
    headers[IDEMPOTENCY_KEY_HEADER] = z
      .string()
      .optional()
      .meta({ description: "Makes the change happen once (docs/api.md)" });
  }
  if (typeof spec.access === "object") {
    headers[COMPANY_HEADER] = ZCompanyId.optional().meta({
      description: "The company, when neither path, query nor body names it",
    });
  }
  return Object.keys(headers).length > 0 ? z.object(headers) : undefined;
}

function responsesOf(route: ApiRoute, key: string, spec: RouteSpec): ZodOpenApiResponsesObject {
  const status = String(spec.status ?? 200);
  const mediaType = MEDIA_TYPES[key] ?? "application/json";
  const success =
    status === "204"
      ? { description: "Done; nothing to say" }
      : { description: "Success", content: { [mediaType]: { schema: spec.response ?? {} } } };
  const isRead = route.method === "get" || route.method === "head";
  const hasInput = Boolean(spec.body || spec.query || spec.params) || typeof spec.access === "object";
  return {
    [status]: success,
    ...(hasInput || !isRead ? { "400": errorAnswer("Invalid input (`validation`), naming each field") } : {}),
    ...(spec.access !== "public" || key === "post /api/login"
      ? { "401": errorAnswer("Not signed in, or a wrong sign-in (`unauthorized`)") }
      : {}),
    ...(typeof spec.access === "object" && "company" in spec.access && !isRead
      ? { "402": errorAnswer("The company is read-only after its trial (`payment_required`)") }
      : {}),
    ...(spec.access === "public" ? {} : { "403": errorAnswer("Not allowed (`forbidden`)") }),
    ...(pathParamNames(route.path).length > 0
      ? { "404": errorAnswer("No such row, or another company's (`not_found`)") }
      : {}),
    ...(isRead
      ? {}
      : { "409": errorAnswer("Clashes with the current state (`conflict`, `stale`, `locked`)") }),
    ...(spec.idempotent
      ? { "422": errorAnswer("The Idempotency-Key was used for another request (`idempotency_key_reused`)") }
      : {}),
    ...(RATE_LIMITED.has(key)
      ? { "429": errorAnswer("Past a limit (`rate_limited`); see Retry-After") }
      : {}),
    default: errorAnswer("Any other error, e.g. 500 `internal`"),
  };
}

/** zod-openapi reads every key it is given: an absent part must be no key at all. */
const definedOnly = <T extends object>(parts: T) =>
  Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined)) as Partial<T>;

function operationOf(route: ApiRoute, spec: RouteSpec): ZodOpenApiOperationObject {
  const key = `${route.method} ${openApiPath(route.path)}`;
  const body = spec.body ?? BODIES_READ_BY_THE_HANDLER[key];
  return {
    operationId: operationIdOf(route.method, route.path),
    tags: [tagOf(route.path)],
    description: accessText(spec.access),
    ...(spec.access === "public" ? { security: [] } : {}),
    requestParams: definedOnly({
      path: pathParams(route),
      // A query string is always a record of names: what its schema reads.
      query: spec.query as z.ZodType<unknown, Record<string, unknown>> | undefined,
      header: headerParams(spec),
    }),
    ...(body
      ? {
          requestBody: {
            required: !(body instanceof z.ZodOptional),
            content: { "application/json": { schema: body } },
          },
        }
      : {}),
    responses: responsesOf(route, key, spec),
  };
}

/**
 * Every /api route of `app`, one per method and path. Express may hold several layers for
 * one (a body parser sized for a route, then the route): the one route() made describes it.
 */
function apiRoutesOf(app: Express): ApiRoute[] {
  const byKey = new Map<string, ApiRoute>();
  const handDescribed = Object.entries(ROUTES_WITHOUT_ROUTE_HELPER).map(([key, spec]) => {
    const [method, path] = key.split(" ") as [string, string];
    return { method, path, spec };
  });
  for (const found of [...routesOf(app.router, ""), ...handDescribed]) {
    if (!found.path.startsWith("/api/")) continue;
    const key = `${found.method} ${found.path}`;
    byKey.set(key, { ...found, spec: byKey.get(key)?.spec ?? found.spec });
  }
  return [...byKey.values()];
}

/** The document for the /api routes of `app`; throws for a route neither route() nor ROUTES_WITHOUT_ROUTE_HELPER describes. */
export function buildOpenApiDocument(app: Express) {
  const routes = apiRoutesOf(app);
  const paths: NonNullable<ZodOpenApiObject["paths"]> = {};
  for (const route of routes) {
    if (!route.spec) {
      throw new Error(
        `${route.method.toUpperCase()} ${route.path} is not made with route(): describe it in ROUTES_WITHOUT_ROUTE_HELPER (server/src/http/openapi-notes.ts)`,
      );
    }
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operationOf(route, route.spec) };
  }
  const operations = new Set(routes.map((found) => `${found.method} ${openApiPath(found.path)}`));
  const stale = notesNamingNoRoute(operations);
  if (stale.length > 0)
    throw new Error(`server/src/http/openapi-notes.ts names no such route: ${stale.join(", ")}`);
  const tags = [...new Set(routes.map((route) => tagOf(route.path)))].sort().map((name) => ({ name }));
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Scheduler API",
      version: "1",
      description:
        "The rules every route follows are in docs/api.md; bodies and behaviour on each area's page in docs/.",
    },
    servers: [{ url: "/" }],
    security: [{ session: [] }],
    tags,
    paths,
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "Set by POST /api/login or /api/register",
        },
      },
    },
  });
}

/**
 * GET /api/openapi.json: anyone may read it, no session needed. Built on the first request,
 * when every route is mounted, then kept; Express's ETag answers a repeat with a 304.
 */
export function openApiRoute(app: Express): RequestHandler {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  return route({ access: "public" }, ({ res }) => {
    document ??= buildOpenApiDocument(app);
    res.setHeader("Cache-Control", "no-cache");
    return document;
  });
}
