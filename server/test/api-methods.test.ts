/**
 * Every /api answer is the JSON error format `{message, code}` (docs/api.md), including an
 * unknown path (404), a method the path does not take (405 with Allow) and OPTIONS, which
 * Express would otherwise answer itself in plain text.
 */
import { buildTenant } from "@sched/core/test/factories";
import type { Response } from "supertest";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

function expectJsonError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.body).toMatchObject({ code, message: expect.any(String) });
}

describe("answers outside the routes", () => {
  it("OPTIONS on a route is a JSON 405 naming the methods it takes", async () => {
    const jobs = await anonymous().options("/api/jobs");
    expectJsonError(jobs, 405, "method_not_allowed");
    expect(jobs.headers.allow).toBe("GET, HEAD, POST");
    expect(jobs.body.message).toBe("OPTIONS is not allowed here: use GET, HEAD, POST");
    const member = await anonymous().options("/api/companies/x/users/y");
    expectJsonError(member, 405, "method_not_allowed");
    expect(member.headers.allow).toBe("DELETE, PUT");
  });

  it("a method the path does not take is a JSON 405 with Allow, signed in or not", async () => {
    const { owner } = await buildTenant();
    for (const res of [
      await anonymous().patch("/api/jobs"),
      await (await agentFor(owner)).patch("/api/jobs"),
    ]) {
      expectJsonError(res, 405, "method_not_allowed");
      expect(res.headers.allow).toBe("GET, HEAD, POST");
    }
    expectJsonError(await anonymous().put("/api/login"), 405, "method_not_allowed");
  });

  it("an unknown path is a JSON 404, whatever the method", async () => {
    for (const res of [
      await anonymous().get("/api/nothing"),
      await anonymous().options("/api/nothing"),
      await anonymous().post("/api/jobs/a/b/c"),
    ]) {
      expectJsonError(res, 404, "not_found");
      expect(res.body.message).toBe("No such endpoint");
    }
  });
});
