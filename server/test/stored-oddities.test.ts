/**
 * Values the database would keep but nobody meant (docs/api.md): a repeat rule thousands
 * of characters long, a rule that gives no date (on create, and on a new rule from its
 * `from`), a completion in 1900 on a job with no day, a lone UTF-16 surrogate. Each is a 400 on its field, and nothing is stored.
 */
import { db } from "@sched/core/db/client";
import { customers, jobSeries, jobs } from "@sched/core/db/schema";
import { buildTenant, buildUnscheduledJob } from "@sched/core/test/factories";
import { COMPLETED_AT_OUT_OF_RANGE, LONE_SURROGATE_MESSAGE, RRULE_MESSAGES } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const seriesFor = (employeeId: string, companyId: string, changes: Record<string, unknown>) => ({
  companyId,
  employeeId,
  type: "Maintenance",
  location: "Boiler room, 4 Elm St",
  time: "09:00",
  durationMinutes: 90,
  startDate: "2027-02-01",
  rrule: "FREQ=WEEKLY",
  ...changes,
});

const occurrenceDates = async (seriesId: string) =>
  (await db.select({ date: jobs.occurrenceDate }).from(jobs).where(eq(jobs.seriesId, seriesId)))
    .map((row) => row.date)
    .sort();

describe("refused oddities", () => {
  it.each([
    [
      "a rule of 6,000 characters",
      { rrule: `FREQ=WEEKLY;BYDAY=${Array(1500).fill("MO").join(",")}` },
      RRULE_MESSAGES.tooLong,
    ],
    ["February 30 every year", { rrule: "FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30" }, RRULE_MESSAGES.noDate],
    [
      "the 31st of every April",
      { startDate: "2027-04-01", rrule: "FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31" },
      RRULE_MESSAGES.noDate,
    ],
    [
      "an end before the first Friday",
      { rrule: "FREQ=WEEKLY;BYDAY=FR;UNTIL=20270203" },
      RRULE_MESSAGES.noDate,
    ],
  ])("refuses a series with %s, on rrule", async (_name, changes, message) => {
    const { company, owner, employee } = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/job-series")
      .send(seriesFor(employee.id, company.id, changes));
    expect([res.status, res.body]).toEqual([
      400,
      { message, code: "validation", errors: [{ path: "rrule", message }] },
    ]);
    expect(await db.select().from(jobSeries).where(eq(jobSeries.companyId, company.id))).toHaveLength(0);
  });

  it.each([
    ["February 30 every year", "2027-02-08", "FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30"],
    // Fridays from the series' start (1 February) but none from `from` (Monday 1 March) to the end.
    ["an end before the first Friday from `from`", "2027-03-01", "FREQ=WEEKLY;BYDAY=FR;UNTIL=20270303"],
  ])(
    "refuses a new rule with %s on PUT /api/job-series/:id, and keeps the series",
    async (_name, from, rrule) => {
      const { company, owner, employee } = await buildTenant();
      const agent = await agentFor(owner);
      const made = await agent.post("/api/job-series").send(seriesFor(employee.id, company.id, {}));
      expect(made.status).toBe(201);
      const before = await occurrenceDates(made.body.id);
      const res = await agent.put(`/api/job-series/${made.body.id}`).send({ from, version: 1, rrule });
      const message = RRULE_MESSAGES.noDate;
      expect([res.status, res.body]).toEqual([
        400,
        { message, code: "validation", errors: [{ path: "rrule", message }] },
      ]);
      const [row] = await db.select().from(jobSeries).where(eq(jobSeries.id, made.body.id));
      expect([row.rrule, row.startDate, row.version]).toEqual(["FREQ=WEEKLY", "2027-02-01", 1]);
      expect(await occurrenceDates(made.body.id)).toEqual(before);
    },
  );

  it("counts a new rule's dates from `from`: the 30th yearly from March has one", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const made = await agent.post("/api/job-series").send(seriesFor(employee.id, company.id, {}));
    const rrule = "FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30";
    const res = await agent
      .put(`/api/job-series/${made.body.id}`)
      .send({ from: "2027-03-01", version: 1, rrule });
    expect([res.status, res.body.rrule, res.body.startDate]).toEqual([200, rrule, "2027-03-01"]);
  });

  it("still makes a series whose first date is a leap day or a fifth Monday", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const leap = await agent
      .post("/api/job-series")
      .send(
        seriesFor(employee.id, company.id, { startDate: "2027-03-01", rrule: "FREQ=MONTHLY;BYMONTHDAY=29" }),
      );
    expect(leap.status).toBe(201);
    const fifth = await agent
      .post("/api/job-series")
      .send(seriesFor(employee.id, company.id, { rrule: "FREQ=MONTHLY;BYDAY=5MO" }));
    expect(fifth.status).toBe(201);
  });

  it("refuses a completion in 1900 on a job with no day, and keeps the job as it was", async () => {
    const { company, owner } = await buildTenant();
    const job = await buildUnscheduledJob(company.id);
    const res = await (await agentFor(owner))
      .put(`/api/jobs/${job.id}`)
      .send({ version: job.version, status: "completed", completedAt: "1900-01-01T10:00:00Z" });
    expect([res.status, res.body]).toEqual([
      400,
      {
        message: COMPLETED_AT_OUT_OF_RANGE,
        code: "validation",
        errors: [{ path: "completedAt", message: COMPLETED_AT_OUT_OF_RANGE }],
      },
    ]);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect([row.status, row.completedAt]).toEqual([job.status, null]);
  });

  it("refuses a lone surrogate in a text, on its field, instead of storing U+FFFD", async () => {
    const { company, owner } = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/customers")
      .set("Content-Type", "application/json")
      .send(`{"companyId":"${company.id}","name":"Jos\\ud800 Ruiz","phone":"555 0100"}`);
    expect([res.status, res.body]).toEqual([
      400,
      {
        message: LONE_SURROGATE_MESSAGE,
        code: "validation",
        errors: [{ path: "name", message: LONE_SURROGATE_MESSAGE }],
      },
    ]);
    expect(await db.select().from(customers).where(eq(customers.companyId, company.id))).toHaveLength(0);
  });
});
