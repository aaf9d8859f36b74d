/**
 * Idempotency-Key on creates (docs/api.md): a double submit makes one
 * thing, a repeat answers the first answer, a key is the user's own and belongs to one
 * request, a failure gives the key back, and keys expire after 24 hours.
 */
import { randomUUID } from "node:crypto";
import { sweepIdempotencyKeys } from "@sched/core/commands/idempotency-keys";
import { db } from "@sched/core/db/client";
import {
  callRecords,
  chatMessages,
  companyUsers,
  customers,
  employeeInvitations,
  employees,
  idempotencyKeys,
  jobSeries,
  jobs,
  scheduleTemplates,
} from "@sched/core/db/schema";
import { toDateString } from "@sched/core/lib/dates";
import { buildJob, buildTenant, uniqueEmail } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const HOUR_MS = 60 * 60 * 1000;
const KEY = "Idempotency-Key";
const REPLAYED = "idempotent-replayed";

const jobFor = (employeeId: string, companyId: string) => ({
  employeeId,
  companyId,
  type: "Plumbing",
  location: "12 Oak St",
  date: "2026-11-25",
  time: "10:30",
});

const jobsOf = (companyId: string) => db.select().from(jobs).where(eq(jobs.companyId, companyId));

const keyRows = (userId: string) =>
  db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));

/** Moves a key's row back in time; `pending` makes it look like a request that never answered. */
const ageKey = (userId: string, key: string, ageMs: number, pending = false) =>
  db
    .update(idempotencyKeys)
    .set({
      createdAt: new Date(Date.now() - ageMs),
      ...(pending ? { statusCode: null, responseBody: null } : {}),
    })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));

describe("Idempotency-Key on POST /api/jobs", () => {
  it("makes one job from twenty identical parallel submits, and all twenty hear the same 201", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        agent.post("/api/jobs").set(KEY, key).send(jobFor(employee.id, company.id)),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(201));
    const made = await jobsOf(company.id);
    expect(made).toHaveLength(1);
    for (const res of answers) expect(res.body).toEqual(answers[0].body);
    expect(answers[0].body.id).toBe(made[0].id);
    // Exactly one of them ran; the others were answered from the stored answer.
    expect(answers.filter((res) => res.headers[REPLAYED] === undefined)).toHaveLength(1);
    expect(answers.filter((res) => res.headers[REPLAYED] === "true")).toHaveLength(19);
  });

  it("answers a repeat, keys in any order, with the first answer and creates nothing", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const key = randomUUID();
    const body = jobFor(employee.id, company.id);
    const first = await agent.post("/api/jobs").set(KEY, key).send(body);
    expect(first.status).toBe(201);
    expect(first.headers[REPLAYED]).toBeUndefined();
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await agent.post("/api/jobs").set(KEY, key).send(reordered);
    expect(again.status).toBe(201);
    expect(again.headers[REPLAYED]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await jobsOf(company.id)).toHaveLength(1);
  });

  it("answers 422 to the same key with another body or another route, and creates nothing", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const key = randomUUID();
    expect((await agent.post("/api/jobs").set(KEY, key).send(jobFor(employee.id, company.id))).status).toBe(
      201,
    );
    const otherBody = await agent
      .post("/api/jobs")
      .set(KEY, key)
      .send({ ...jobFor(employee.id, company.id), location: "99 Elm St" });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toEqual({
      code: "idempotency_key_reused",
      message: "This Idempotency-Key was already used for a different request",
    });
    const otherRoute = await agent
      .post("/api/employees")
      .set(KEY, key)
      .send({ name: "Nia Novak", initials: "NN", avatarColor: "teal", companyId: company.id });
    expect(otherRoute.status).toBe(422);
    expect(await jobsOf(company.id)).toHaveLength(1);
    expect(await db.select().from(employees).where(eq(employees.companyId, company.id))).toHaveLength(1);
  });

  it("is the user's own: another user with the same key makes their own job", async () => {
    const { company, owner, admin, employee } = await buildTenant();
    const key = randomUUID();
    const body = jobFor(employee.id, company.id);
    const mine = await (await agentFor(owner)).post("/api/jobs").set(KEY, key).send(body);
    const theirs = await (await agentFor(admin)).post("/api/jobs").set(KEY, key).send(body);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers[REPLAYED]).toBeUndefined();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await jobsOf(company.id)).toHaveLength(2);
  });

  it("gives the key back when the first attempt fails, so the retry runs", async () => {
    const { company, owner, employee } = await buildTenant();
    const other = await buildTenant();
    const agent = await agentFor(owner);
    const key = randomUUID();
    // Refused by the schema, before the key is claimed.
    const invalid = await agent
      .post("/api/jobs")
      .set(KEY, key)
      .send({ ...jobFor(employee.id, company.id), time: "" });
    expect(invalid.status).toBe(400);
    // Refused by the command, after the key was claimed: the claim is given back.
    const foreign = await agent.post("/api/jobs").set(KEY, key).send(jobFor(other.employee.id, company.id));
    expect(foreign.status).toBe(400);
    expect(await keyRows(owner.id)).toEqual([]);
    const retry = await agent.post("/api/jobs").set(KEY, key).send(jobFor(employee.id, company.id));
    expect(retry.status).toBe(201);
    expect(retry.headers[REPLAYED]).toBeUndefined();
    expect(await jobsOf(company.id)).toHaveLength(1);
  });

  it("changes nothing for requests without the header", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const body = jobFor(employee.id, company.id);
    const first = await agent.post("/api/jobs").send(body);
    const second = await agent.post("/api/jobs").send(body);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers[REPLAYED]).toBeUndefined();
    expect(second.body.id).not.toBe(first.body.id);
    expect(await jobsOf(company.id)).toHaveLength(2);
    expect(await keyRows(owner.id)).toEqual([]);
  });

  it.each([
    ["empty", ""],
    ["a space", "two words"],
    ["over 200 characters", "k".repeat(201)],
    ["not ASCII", "cl\u00e9"],
  ])("answers 400 to a key that is %s", async (_label, key) => {
    const { company, owner, employee } = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/jobs")
      .set(KEY, key)
      .send(jobFor(employee.id, company.id));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "validation",
      message: "Idempotency-Key must be 1 to 200 visible ASCII characters",
    });
    expect(await jobsOf(company.id)).toEqual([]);
  });

  it("takes over a claim whose request never answered, and forgets keys older than 24 hours", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const key = randomUUID();
    const body = jobFor(employee.id, company.id);
    expect((await agent.post("/api/jobs").set(KEY, key).send(body)).status).toBe(201);
    // A claim two minutes old with no answer: its process died, the repeat runs.
    await ageKey(owner.id, key, 2 * 60 * 1000, true);
    const takenOver = await agent.post("/api/jobs").set(KEY, key).send(body);
    expect(takenOver.status).toBe(201);
    expect(takenOver.headers[REPLAYED]).toBeUndefined();
    expect((await agent.post("/api/jobs").set(KEY, key).send(body)).headers[REPLAYED]).toBe("true");
    // An answer older than 24 hours is not replayed.
    await ageKey(owner.id, key, 25 * HOUR_MS);
    const expired = await agent.post("/api/jobs").set(KEY, key).send(body);
    expect(expired.status).toBe(201);
    expect(expired.headers[REPLAYED]).toBeUndefined();
    expect(await jobsOf(company.id)).toHaveLength(3);
  });
});

describe("Idempotency-Key on the other creates", () => {
  /** Sends the same create twice with one key: the second is the first's answer, replayed. */
  async function submitTwice(agent: Awaited<ReturnType<typeof agentFor>>, path: string, body: object) {
    const key = randomUUID();
    const first = await agent.post(path).set(KEY, key).send(body);
    const again = await agent.post(path).set(KEY, key).send(body);
    expect(first.status).toBeGreaterThanOrEqual(200);
    expect(first.status).toBeLessThan(300);
    expect(first.headers[REPLAYED]).toBeUndefined();
    expect(again.status).toBe(first.status);
    expect(again.headers[REPLAYED]).toBe("true");
    expect(again.body).toEqual(first.body);
    return first;
  }

  it("replays employees, call records, chat messages and invitations without a second row", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const companyId = company.id;

    await submitTwice(agent, "/api/employees", {
      name: "Nia Novak",
      initials: "NN",
      avatarColor: "teal",
      companyId,
    });
    expect(await db.select().from(employees).where(eq(employees.companyId, companyId))).toHaveLength(2);

    await submitTwice(agent, "/api/call-records", {
      customerName: "Jane Doe",
      customerPhone: "(555) 123-4567",
      callDate: "2026-03-04",
      callTime: "09:30",
      companyId,
    });
    expect(await db.select().from(callRecords).where(eq(callRecords.companyId, companyId))).toHaveLength(1);

    await submitTwice(agent, "/api/chat", { companyId, message: "On my way" });
    expect(await db.select().from(chatMessages).where(eq(chatMessages.companyId, companyId))).toHaveLength(1);

    const invited = await submitTwice(agent, `/api/companies/${companyId}/invitations`, {
      email: uniqueEmail("invitee"),
      role: "employee",
    });
    const invitations = await db
      .select()
      .from(employeeInvitations)
      .where(eq(employeeInvitations.companyId, companyId));
    expect(invitations.map((row) => row.id)).toEqual([invited.body.id]);
  });

  it("replays customers, templates and job series without a second row", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const companyId = company.id;

    const customer = await submitTwice(agent, "/api/customers", {
      companyId,
      name: "Dana Diaz",
      phone: "+1 555 100 2000",
    });
    const customerRows = await db.select().from(customers).where(eq(customers.companyId, companyId));
    expect(customerRows.map((row) => row.id)).toEqual([customer.body.id]);

    await buildJob(companyId, employee.id, { date: "2026-11-24", time: "09:00" });
    const template = await submitTwice(agent, "/api/templates", {
      companyId,
      name: "Usual week",
      weekStart: "2026-11-23",
    });
    const templateRows = await db
      .select()
      .from(scheduleTemplates)
      .where(eq(scheduleTemplates.companyId, companyId));
    expect(templateRows.map((row) => row.id)).toEqual([template.body.id]);

    const series = await submitTwice(agent, "/api/job-series", {
      companyId,
      employeeId: employee.id,
      type: "Maintenance",
      location: "Boiler room, 4 Elm St",
      time: "09:00",
      durationMinutes: 90,
      startDate: toDateString(new Date()),
      rrule: "FREQ=WEEKLY;COUNT=3",
    });
    const seriesRows = await db.select().from(jobSeries).where(eq(jobSeries.companyId, companyId));
    expect(seriesRows.map((row) => row.id)).toEqual([series.body.id]);
    expect(await db.select().from(jobs).where(eq(jobs.seriesId, series.body.id))).toHaveLength(3);
  });

  it("replays a new company instead of making a second one", async () => {
    const { owner } = await buildTenant();
    const made = await submitTwice(await agentFor(owner), "/api/companies", { name: "Second Co" });
    const memberships = await db.select().from(companyUsers).where(eq(companyUsers.userId, owner.id));
    expect(memberships.filter((row) => row.companyId === made.body.id)).toHaveLength(1);
    expect(memberships).toHaveLength(2);
  });

  it("replays a template apply instead of answering that the week is already applied", async () => {
    const { company, owner, employee } = await buildTenant();
    const [template] = await db
      .insert(scheduleTemplates)
      .values({
        companyId: company.id,
        name: "Standard week",
        templateData: [
          {
            employeeId: employee.id,
            dayOfWeek: 0,
            time: "09:00",
            type: "Repair",
            location: "1 Main St",
            description: null,
            amount: null,
          },
        ],
      })
      .returning();
    const applied = await submitTwice(await agentFor(owner), `/api/templates/${template.id}/apply`, {
      companyId: company.id,
      weekStart: "2026-11-30",
    });
    expect(applied.body).toEqual({ created: 1, skipped: 0 });
    expect(await jobsOf(company.id)).toHaveLength(1);
  });
});

describe("the idempotency key sweep", () => {
  it("removes rows older than 24 hours and keeps the others", async () => {
    const { owner } = await buildTenant();
    const [oldKey, freshKey] = [randomUUID(), randomUUID()];
    await db.insert(idempotencyKeys).values([
      {
        userId: owner.id,
        key: oldKey,
        requestHash: "h",
        statusCode: 201,
        responseBody: {},
        createdAt: new Date(Date.now() - 25 * HOUR_MS),
      },
      { userId: owner.id, key: freshKey, requestHash: "h", statusCode: 201, responseBody: {} },
    ]);
    expect(await sweepIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    expect((await keyRows(owner.id)).map((row) => row.key)).toEqual([freshKey]);
  });
});
