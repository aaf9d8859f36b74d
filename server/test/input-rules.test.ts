/**
 * The input rules (docs/api.md), on the very requests that used to answer
 * 500: impossible dates, NUL characters, malformed company ids and paths, and the
 * database's own refusals as the backstop behind the schemas. The property suite
 * (property-input.test.ts) sends many more inputs; these name each rule's answer.
 */
import { db } from "@sched/core/db/client";
import { companyUsers, jobs } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { eq, sql } from "drizzle-orm";
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { errorMiddleware } from "../src/http/errors";
import {
  ALREADY_EXISTS,
  BREAKS_A_RULE,
  databaseRefusal,
  INVALID_VALUE,
  MALFORMED_URL,
  TRY_AGAIN,
} from "../src/http/refusals";
import { agentFor, anonymous } from "./support";

const NOT_REAL = "Date must be a real calendar date between 1900 and 2999";
const UNKNOWN_COMPANY = "6d0f3c1a-0000-4000-8000-000000000000";

async function ownerOfTenant() {
  const tenant = await buildTenant();
  return { ...tenant, agent: await agentFor(tenant.owner) };
}

const jobBody = (companyId: string, employeeId: string, date: string) => ({
  companyId,
  employeeId,
  type: "Repair",
  location: "1 Main St",
  date,
  time: "09:00",
});

describe("dates", () => {
  it("a job on a day its month does not have, or outside 1900-2999, is refused, not stored", async () => {
    const { company, employee, agent } = await ownerOfTenant();
    for (const date of ["2026-02-30", "2026-04-31", "2025-02-29", "1899-12-31", "3000-01-01"]) {
      const res = await agent.post("/api/jobs").send(jobBody(company.id, employee.id, date));
      expect([res.status, res.body.code, res.body.message]).toEqual([400, "validation", NOT_REAL]);
    }
    expect((await agent.post("/api/jobs").send(jobBody(company.id, employee.id, "2024-02-29"))).status).toBe(
      201,
    );
    const job = await buildJob(company.id, employee.id);
    const moved = await agent.put(`/api/jobs/${job.id}`).send({ date: "2026-02-30" });
    expect([moved.status, moved.body.message]).toEqual([400, NOT_REAL]);
  });

  it("the jobs list's range takes real dates only", async () => {
    const { company, agent } = await ownerOfTenant();
    for (const range of [
      "startDate=2026-02-30&endDate=2026-03-08",
      "startDate=2026-02-23&endDate=9999-12-31",
    ]) {
      const res = await agent.get(`/api/jobs?companyId=${company.id}&${range}`);
      expect([res.status, res.body.message]).toEqual([400, NOT_REAL]);
    }
  });

  it("a template applied to the 30th of February is refused, not moved to another week", async () => {
    const { company, agent } = await ownerOfTenant();
    const template = await agent
      .post("/api/templates")
      .send({ companyId: company.id, name: "Week", weekStart: "2026-11-23" });
    const res = await agent
      .post(`/api/templates/${template.body.id}/apply`)
      .send({ weekStart: "2026-02-30" });
    expect([res.status, res.body.message]).toEqual([400, NOT_REAL]);
  });

  it("a completion time outside 1900-2999 is refused", async () => {
    const { company, employee, agent } = await ownerOfTenant();
    const job = await buildJob(company.id, employee.id);
    const res = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ status: "completed", completedAt: "0000-01-01T00:00:00Z" });
    expect([res.status, res.body.message]).toEqual([400, "Completed at must be a date and time"]);
  });
});

describe("NUL characters", () => {
  it("answer 400 naming the field, wherever the text is", async () => {
    const { company, employee, agent } = await ownerOfTenant();
    const answers = await Promise.all([
      agent.post("/api/chat").send({ companyId: company.id, message: "on my\u0000way" }),
      agent
        .post("/api/jobs")
        .send({ ...jobBody(company.id, employee.id, "2026-11-23"), location: "1\u0000Main" }),
      agent
        .post("/api/employees")
        .send({ companyId: company.id, name: "Ni\u0000a", initials: "NN", avatarColor: "teal" }),
      agent.post("/api/call-records").send({
        companyId: company.id,
        customerName: "Cal\u0000",
        customerPhone: "555 0100",
        callDate: "2026-11-23",
        callTime: "10:00",
      }),
      anonymous()
        .post("/api/login")
        .set("X-Forwarded-For", "10.200.0.1")
        .send({ email: "a\u0000@example.test", password: "x" }),
      agent.get(`/api/call-records?companyId=${company.id}&date=2026-11-23%00`),
      agent.post("/api/employees").send({ companyId: company.id, "name\u0000": "x" }),
    ]);
    expect(answers.map((res) => [res.status, res.body.code, res.body.message])).toEqual([
      [400, "validation", "Message must not contain a NUL character"],
      [400, "validation", "Location must not contain a NUL character"],
      [400, "validation", "Name must not contain a NUL character"],
      [400, "validation", "Customer name must not contain a NUL character"],
      [400, "validation", "Email must not contain a NUL character"],
      [400, "validation", "Date must not contain a NUL character"],
      [400, "validation", "Field names must not contain a NUL character"],
    ]);
    expect(answers[1].body.errors).toEqual([
      { path: "location", message: "Location must not contain a NUL character" },
    ]);
  });
});

describe("ids", () => {
  it("a company id that is no UUID, from the header, the query or the path, answers 400", async () => {
    const { company, agent } = await ownerOfTenant();
    const answers = await Promise.all([
      agent.get("/api/jobs").set("X-Company-Id", "not-a-uuid"),
      agent.get("/api/chat").set("X-Company-Id", `${company.id}x`),
      agent.get("/api/employees?companyId=1"),
      agent.get("/api/companies/not-a-uuid/users"),
      agent.post("/api/notifications/read").send({ companyId: 42 }),
    ]);
    expect(answers.map((res) => [res.status, res.body.message])).toEqual(
      answers.map(() => [400, "Company id is required"]),
    );
    // A well-formed id of a company the user is not in is refused as before.
    expect((await agent.get("/api/jobs").set("X-Company-Id", UNKNOWN_COMPANY)).status).toBe(403);
  });

  it("a malformed row id in a path answers 404 (400 with a NUL), a path that is not valid percent-encoding 400", async () => {
    const { agent } = await ownerOfTenant();
    const answers = await Promise.all([
      agent.put("/api/jobs/123").send({ location: "x" }),
      agent.post("/api/templates/x/apply").send({ weekStart: "2026-11-23" }),
      agent.put("/api/weekly-schedules/..%2F").send({ name: "x" }),
      agent.delete("/api/invitations/%00abc"),
    ]);
    expect(answers.map((res) => [res.status, res.body.code])).toEqual([
      [404, "not_found"],
      [404, "not_found"],
      [404, "not_found"],
      [400, "validation"],
    ]);
    const malformed = await agent.put("/api/employees/%E0%A4%A").send({ name: "x" });
    expect([malformed.status, malformed.body.code, malformed.body.message]).toEqual([
      400,
      "validation",
      MALFORMED_URL,
    ]);
  });

  it("a body in a charset the server cannot read is a 4xx with a code, not a 500", async () => {
    const { company, agent } = await ownerOfTenant();
    const res = await agent
      .post("/api/employees")
      .set("Content-Type", "application/json; charset=klingon")
      .send(JSON.stringify({ companyId: company.id, name: "Nia" }));
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("validation");
  });
});

describe("the database's refusals, behind the schemas", () => {
  /** What the error middleware answers for what the database threw. */
  async function answerFor(failing: () => Promise<unknown>) {
    const error = await failing().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    const app = express();
    app.get("/", () => {
      throw error;
    });
    app.use(errorMiddleware);
    const res = await request(app).get("/");
    return [res.status, res.body.code, res.body.message];
  }

  it("a value PostgreSQL cannot hold is 400, a duplicate or a broken rule 409", async () => {
    const { company, owner, employee } = await ownerOfTenant();
    const job = await buildJob(company.id, employee.id);
    expect(await answerFor(() => db.execute(sql`select '2026-02-30'::date`))).toEqual([
      400,
      "validation",
      INVALID_VALUE,
    ]);
    expect(await answerFor(() => db.execute(sql`select ${"a\u0000b"}::text`))).toEqual([
      400,
      "validation",
      INVALID_VALUE,
    ]);
    expect(await answerFor(() => db.execute(sql`select 'x'::uuid`))).toEqual([
      400,
      "validation",
      INVALID_VALUE,
    ]);
    expect(
      await answerFor(() =>
        db.insert(companyUsers).values({ companyId: company.id, userId: owner.id, role: "admin" }),
      ),
    ).toEqual([409, "conflict", ALREADY_EXISTS]);
    expect(
      await answerFor(() =>
        db.update(jobs).set({ status: "completed", completedAt: null }).where(eq(jobs.id, job.id)),
      ),
    ).toEqual([409, "conflict", BREAKS_A_RULE]);
  });

  it("a deadlock is 503 to try again: PostgreSQL rolled that change back, saving nothing", async () => {
    const { company, employee } = await ownerOfTenant();
    const [first, second] = [
      await buildJob(company.id, employee.id),
      await buildJob(company.id, employee.id),
    ];
    // Two transactions lock the same two jobs in opposite orders, each waiting for the other.
    let holding = 0;
    let bothHold = () => {};
    const bothHolding = new Promise<void>((resolve) => {
      bothHold = resolve;
    });
    const lockInTurn = (one: string, other: string) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select id from jobs where id = ${one} for update`);
        if (++holding === 2) bothHold();
        await bothHolding;
        await tx.execute(sql`select id from jobs where id = ${other} for update`);
      });
    const outcomes = await Promise.allSettled([
      lockInTurn(first.id, second.id),
      lockInTurn(second.id, first.id),
    ]);
    const rolledBack = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(rolledBack).toHaveLength(1);
    const reason = (rolledBack[0] as PromiseRejectedResult).reason;
    expect(await answerFor(() => Promise.reject(reason))).toEqual([503, "unavailable", TRY_AGAIN]);
  });

  it("anything else from the database stays a 500", () => {
    expect(
      databaseRefusal(Object.assign(new Error("gone"), { code: "57P01", severity: "FATAL" })),
    ).toBeUndefined();
    expect(databaseRefusal(Object.assign(new Error("pipe"), { code: "EPIPE" }))).toBeUndefined();
  });
});
