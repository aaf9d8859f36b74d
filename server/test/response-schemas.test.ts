/**
 * The answers are what their schemas say (shared-types/src/schemas): every answer type is
 * inferred from the schema the route declares as its `response`, and the OpenAPI document
 * names it (server/src/http/openapi.ts). Here the presenters run on real rows and each
 * answer is parsed with its route's schema, so a presenter and its schema cannot drift:
 * a field missing, of another shape, or one the schema does not know fails.
 */
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { routesOf } from "../src/http/api-surface";
import { type Agent, agentFor, app } from "./support";

/**
 * The schema the route at Express path `path` declares for its success answer. Express may
 * hold several layers for one route (a body parser sized for it, then the route).
 */
function responseSchemaOf(method: string, path: string): z.ZodType {
  const schema = routesOf(app.router, "")
    .filter((route) => route.method === method && route.path === path)
    .map((route) => route.spec?.response)
    .find(Boolean);
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} declares no response schema`);
  return schema;
}

/**
 * Parses `body` with the route's schema; parsing strips what the schema does not know, so
 * the parsed answer equals the answer only when the schema describes all of it.
 */
function expectAsDeclared(method: string, path: string, answer: { status: number; body: unknown }) {
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  const parsed = responseSchemaOf(method, path).safeParse(answer.body);
  expect(parsed.error?.issues ?? [], `${method} ${path}`).toEqual([]);
  expect(parsed.data, `${method} ${path}`).toEqual(answer.body);
}

async function check(agent: Agent, method: "get" | "post" | "put", path: string, url: string, body?: object) {
  const answer = await agent[method](url).send(body);
  expectAsDeclared(method, path, answer);
  return answer.body;
}

describe("answers parsed with their routes' response schemas", () => {
  it("jobs, employees, customers, time off and calls, on real rows", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const companyId = company.id;

    const customer = await check(agent, "post", "/api/customers", "/api/customers", {
      companyId,
      name: "Ana Ruiz",
      phone: "555 010 2000",
      email: "ana@example.test",
    });
    const job = await check(agent, "post", "/api/jobs", "/api/jobs", {
      companyId,
      employeeId: employee.id,
      type: "Repair",
      location: "1 Main St",
      description: "Leaking tap",
      date: "2026-11-24",
      time: "09:00",
      amount: "95",
      customerId: customer.id,
    });
    // An overlap: the answer carries a warning naming the other job.
    const overlapping = await check(agent, "post", "/api/jobs", "/api/jobs", {
      companyId,
      employeeId: employee.id,
      type: "Inspection",
      location: "2 Main St",
      date: "2026-11-24",
      time: "09:30",
    });
    expect(overlapping.warnings).toContainEqual(expect.objectContaining({ code: "overlap", jobId: job.id }));
    await check(agent, "post", "/api/jobs", "/api/jobs", { companyId, type: "Repair", location: "Tray" });
    await buildJob(companyId, employee.id, { date: "2026-11-25", status: "completed" });
    const progressed = await check(agent, "put", "/api/jobs/:id", `/api/jobs/${job.id}`, {
      onMyWay: true,
      version: job.version,
    });
    expect(progressed.onMyWayAt).toEqual(expect.any(String));
    const listed = await check(
      agent,
      "get",
      "/api/jobs",
      `/api/jobs?companyId=${companyId}&startDate=2026-11-23&endDate=2026-11-29`,
    );
    expect(listed).toHaveLength(3);
    await check(agent, "get", "/api/jobs", `/api/jobs?companyId=${companyId}&unscheduled=true`);

    await check(agent, "put", "/api/employees/:id", `/api/employees/${employee.id}`, {
      availability: [{ day: 1, start: "08:00", end: "16:00" }],
    });
    await check(agent, "get", "/api/employees", `/api/employees?companyId=${companyId}`);

    await check(agent, "put", "/api/customers/:id", `/api/customers/${customer.id}`, {
      name: "Ana Ruiz",
      notes: "Side door",
      version: customer.version,
    });
    await check(agent, "post", "/api/call-records", "/api/call-records", {
      companyId,
      customerName: "Ana Ruiz",
      customerPhone: "555 010 2000",
      customerId: customer.id,
      callDate: "2026-11-20",
      callTime: "08:15",
    });
    const detail = await check(agent, "get", "/api/customers/:id", `/api/customers/${customer.id}`);
    expect(detail.calls).toHaveLength(1);
    await check(agent, "get", "/api/customers", `/api/customers?companyId=${companyId}`);

    await check(agent, "post", "/api/time-off", "/api/time-off", {
      companyId,
      employeeId: employee.id,
      startDate: "2027-01-12",
      endDate: "2027-01-12",
      startTime: "13:00",
      endTime: "17:00",
      kind: "personal",
      note: "Dentist",
    });
    await check(
      agent,
      "get",
      "/api/time-off",
      `/api/time-off?companyId=${companyId}&from=2027-01-01&to=2027-01-31`,
    );
  });

  it("the company's settings, members, first steps and the signed-in user", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const base = `/api/companies/${company.id}`;
    await check(agent, "get", "/api/user", "/api/user");
    await check(agent, "get", "/api/companies", "/api/companies");
    await check(agent, "get", "/api/companies/:companyId/settings", `${base}/settings`);
    await check(agent, "get", "/api/companies/:companyId/users", `${base}/users`);
    await check(agent, "get", "/api/companies/:companyId/first-run", `${base}/first-run`);
    await check(
      agent,
      "get",
      "/api/company/:companyId/subscription",
      `/api/company/${company.id}/subscription`,
    );
  });
});
