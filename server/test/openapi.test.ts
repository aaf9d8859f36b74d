/**
 * GET /api/openapi.json describes the API the router serves: every route in it, every
 * documented operation real (server/src/http/openapi.ts, docs/api.md).
 */
import express from "express";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../src/http/openapi";
import { route } from "../src/http/route";
import { apiRoutesOf } from "./embedded/app-routes";
import { anonymous, app } from "./support";

type Parameter = { in: string; name: string; required?: boolean };
type Operation = {
  operationId: string;
  tags: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  tags: { name: string }[];
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; in: string }>;
    schemas: Record<string, { properties?: Record<string, { description?: string }> }>;
  };
};

/** The app's routes, read from its router (./embedded/app-routes.ts), as `method {path}`. */
const routerOperations = () =>
  apiRoutesOf(app).map((route) => {
    const [method, path] = route.split(" ") as [string, string];
    return `${method.toLowerCase()} ${path.replace(/:(\w+)/g, "{$1}")}`;
  });

const documentedOperations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method} ${path}`),
  );

async function fetchDocument(): Promise<Document> {
  const answer = await anonymous().get("/api/openapi.json").expect(200);
  return answer.body as Document;
}

/** A path with each parameter filled: ids as a UUID, tokens as 43 base64url characters. */
const concretePath = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    /token/i.test(name) ? "a".repeat(43) : crypto.randomUUID(),
  );

describe("GET /api/openapi.json", () => {
  it("is served to anyone, with an ETag that answers a repeat with 304", async () => {
    const answer = await anonymous().get("/api/openapi.json").expect(200);
    expect(answer.headers["content-type"]).toMatch(/application\/json/);
    expect(answer.body.openapi).toBe("3.1.0");
    const etag = answer.headers.etag;
    expect(etag).toEqual(expect.any(String));
    await anonymous().get("/api/openapi.json").set("If-None-Match", etag).expect(304);
  });

  it("has every route of the router, and nothing the router does not serve", async () => {
    const document = await fetchDocument();
    const served = routerOperations();
    expect(served.length).toBeGreaterThan(90);
    expect(documentedOperations(document).sort()).toEqual(served.sort());
  });

  it("documents only operations the app answers: none is an unknown endpoint or a wrong method", {
    timeout: 60_000,
  }, async () => {
    const document = await fetchDocument();
    const unknown: string[] = [];
    for (const operation of documentedOperations(document)) {
      const [method, path] = operation.split(" ") as ["get" | "post" | "put" | "delete", string];
      const answer = await anonymous()[method](concretePath(path)).send({});
      if (answer.status === 405 || answer.body?.message === "No such endpoint") unknown.push(operation);
    }
    expect(unknown).toEqual([]);
  });

  it("is a well-formed OpenAPI 3.1 document: unique operation ids, declared path parameters, a session scheme", async () => {
    const document = await fetchDocument();
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.servers).toEqual([{ url: "/" }]);
    expect(document.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(document.security).toEqual([{ session: [] }]);
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.values(item).map((operation) => ({ path, operation })),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tagNames = new Set(document.tags.map((tag) => tag.name));
    for (const { path, operation } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === "path");
      expect(declared.map((parameter) => parameter.name).sort(), path).toEqual(inPath);
      for (const parameter of declared) expect(parameter.required, `${path} ${parameter.name}`).toBe(true);
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
      for (const tag of operation.tags) expect(tagNames).toContain(tag);
    }
  });

  it("carries the zod schemas, the error answers and who may call", async () => {
    const document = await fetchDocument();
    const createJob = document.paths["/api/jobs"]?.post;
    const body = createJob?.requestBody?.content["application/json"]?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(expect.arrayContaining(["employeeId", "type"]));
    expect(Object.keys(createJob?.responses ?? {})).toEqual(
      expect.arrayContaining(["201", "400", "401", "403", "409", "422"]),
    );
    expect(createJob?.responses["401"]).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    });
    expect(createJob?.parameters?.map((parameter) => parameter.name)).toContain("Idempotency-Key");
    expect(createJob?.security).toBeUndefined();

    const updateJob = document.paths["/api/jobs/{id}"]?.put;
    expect(Object.keys(updateJob?.responses ?? {})).toEqual(expect.arrayContaining(["200", "404", "409"]));
    expect(Object.keys(document.paths["/api/login"]?.post?.responses ?? {})).toContain("429");
    expect(document.paths["/api/login"]?.post?.security).toEqual([]);
    expect(document.paths["/api/health"]?.get?.security).toEqual([]);
    expect(Object.keys(document.paths["/api/jobs/{id}"]?.delete?.responses ?? {})).toContain("204");
    expect(document.paths["/api/jobs"]?.get?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(["startDate", "endDate"]),
    );
  });

  it("answers with the response schemas the answer types are inferred from (shared-types/src/schemas)", async () => {
    const document = await fetchDocument();
    const success = (path: string, method: string, status: string) =>
      (document.paths[path]?.[method]?.responses[status] as { content: Record<string, { schema: unknown }> })
        ?.content["application/json"]?.schema;
    expect(success("/api/jobs", "post", "201")).toEqual({ $ref: "#/components/schemas/Job" });
    expect(success("/api/jobs", "get", "200")).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/Job" },
    });
    expect(success("/api/employees/{id}", "put", "200")).toEqual({ $ref: "#/components/schemas/Employee" });
    expect(success("/api/customers/{id}", "put", "200")).toEqual({ $ref: "#/components/schemas/Customer" });
    expect(success("/api/time-off", "post", "201")).toEqual({ $ref: "#/components/schemas/TimeOff" });
    // The fields' doc comments travel as descriptions.
    expect(document.components.schemas.Job?.properties?.onMyWayAt?.description).toMatch(/on the way/);
    // A route that declares no response schema still answers JSON of any shape.
    expect(success("/api/admin-setup", "get", "200")).toEqual({});
  });

  it("refuses to describe a route made without route() and not described by hand", () => {
    const bare = express();
    bare.get("/api/undescribed/:id", (_req, res) => {
      res.end();
    });
    expect(() => buildOpenApiDocument(bare)).toThrow(
      /GET \/api\/undescribed\/:id is not made with route\(\)/,
    );
  });

  it("refuses a note (server/src/http/openapi-notes.ts) about a route that is gone", () => {
    const bare = express();
    bare.get(
      "/api/jobs",
      route({ access: "user" }, () => []),
    );
    expect(() => buildOpenApiDocument(bare)).toThrow(/names no such route: .*post \/api\/login/);
  });
});
