/**
 * GET /api/numbers, its items and its CSV (docs/numbers.md): each figure's exact answer for
 * a seeded week across a daylight-saving change, with a job across midnight; another
 * company's data never counted; who may ask; the messages of a bad period.
 */
import { db } from "@sched/core/db/client";
import { jobMoves, jobs } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { NUMBERS_RANGE_TOO_LONG, NUMBERS_TO_BEFORE_FROM } from "@sched/shared-types";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildNumbersCompany, buildOtherCompany, WEEK } from "./numbers-support";
import { agentFor, anonymous } from "./support";

type Seeded = Awaited<ReturnType<typeof buildNumbersCompany>>;
let seeded: Seeded;

beforeAll(async () => {
  await buildOtherCompany();
  seeded = await buildNumbersCompany();
  await buildOtherCompany();
});

const path = (companyId: string, extra = "") =>
  `/api/numbers?companyId=${companyId}&from=${WEEK.from}&to=${WEEK.to}${extra}`;

describe("GET /api/numbers: the seeded week", () => {
  it("answers every figure exactly, and the week before beside it", async () => {
    const answer = await (await agentFor(seeded.owner)).get(path(seeded.company.id)).expect(200);
    const { previous, ...current } = answer.body;
    expect(current).toEqual({
      from: "2026-03-02",
      to: "2026-03-08",
      calls: {
        logged: 4,
        booked: 1,
        rate: 0.25,
        notBookedByReason: { follow_up: 1, estimate: 1, no_job: 1 },
      },
      utilization: [
        {
          employeeId: seeded.bo.id,
          name: "Bo Builder",
          jobMinutes: 60,
          clockedMinutes: 300,
          rate: 0.2,
          driveMinutes: 0,
          driveShare: 0,
        },
        {
          employeeId: seeded.pat.id,
          name: "Pat Plumber",
          jobMinutes: 240,
          clockedMinutes: 840,
          rate: 0.286,
          driveMinutes: 24,
          driveShare: 0.029,
        },
      ],
      onTime: {
        jobs: 4,
        late: 2,
        averageLateMinutes: 27.5,
        byEmployee: expect.arrayContaining([
          { employeeId: seeded.pat.id, jobs: 3, late: 1, averageLateMinutes: 25 },
          { employeeId: seeded.bo.id, jobs: 1, late: 1, averageLateMinutes: 30 },
        ]),
      },
      jobs: { done: 3, cancelled: 1, rescheduled: 1, waitingOverAWeek: 1, repeatVisits: 1 },
      money: {
        currency: "USD",
        billed: 15_000,
        paid: 11_000,
        outstanding: 3_500,
        overdue: 3_500,
        daysToPaid: 14.5,
        // 15,000 billed over 19 hours clocked (840 + 300 minutes): 789.47 rounds to 789.
        revenuePerHour: 789,
      },
    });
    expect(previous).toEqual({
      from: "2026-02-23",
      to: "2026-03-01",
      calls: { logged: 1, booked: 1, rate: 1, notBookedByReason: { follow_up: 0, estimate: 0, no_job: 0 } },
      utilization: [
        {
          employeeId: seeded.bo.id,
          name: "Bo Builder",
          jobMinutes: 0,
          clockedMinutes: 0,
          rate: null,
          driveMinutes: 0,
          driveShare: null,
        },
        {
          employeeId: seeded.pat.id,
          name: "Pat Plumber",
          jobMinutes: 0,
          clockedMinutes: 0,
          rate: null,
          driveMinutes: 0,
          driveShare: null,
        },
      ],
      onTime: { jobs: 0, late: 0, averageLateMinutes: null, byEmployee: [] },
      jobs: { done: 1, cancelled: 0, rescheduled: 0, waitingOverAWeek: 1, repeatVisits: 0 },
      money: {
        currency: "USD",
        billed: 2_000,
        paid: 0,
        outstanding: 2_000,
        overdue: 2_000,
        daysToPaid: null,
        revenuePerHour: null,
      },
    });
  });

  it("narrows to one technician (calls and the tray stay the company's)", async () => {
    const answer = await (await agentFor(seeded.admin))
      .get(path(seeded.company.id, `&employeeId=${seeded.bo.id}`))
      .expect(200);
    expect(answer.body.utilization.map((row: { employeeId: string }) => row.employeeId)).toEqual([
      seeded.bo.id,
    ]);
    expect(answer.body.onTime).toEqual({
      jobs: 1,
      late: 1,
      averageLateMinutes: 30,
      byEmployee: [{ employeeId: seeded.bo.id, jobs: 1, late: 1, averageLateMinutes: 30 }],
    });
    expect(answer.body.jobs).toEqual({
      done: 0,
      cancelled: 1,
      rescheduled: 0,
      waitingOverAWeek: 1,
      repeatVisits: 0,
    });
    expect(answer.body.calls.logged).toBe(4);
    expect(answer.body.money).toBeUndefined();
  });

  it("lists the rows behind a figure, a page at a time", async () => {
    const owner = await agentFor(seeded.owner);
    const items = (figure: string, extra = "") =>
      owner.get(
        `/api/numbers/${figure}/items?companyId=${seeded.company.id}&from=${WEEK.from}&to=${WEEK.to}${extra}`,
      );
    const late = (await items("late").expect(200)).body;
    expect(late.total).toBe(2);
    expect(late.items.map((row: { id: string; detail: string }) => [row.id, row.detail])).toEqual([
      [seeded.j2.id, "25 min late"],
      [seeded.j3.id, "30 min late"],
    ]);
    const moved = (await items("rescheduled").expect(200)).body;
    expect(moved.items.map((row: { id: string; detail: string }) => [row.id, row.detail])).toEqual([
      [seeded.j5.id, "Moved from 2026-03-06 13:00 to 2026-03-06 15:00"],
    ]);
    const calls = (await items("calls", "&pageSize=3&page=2").expect(200)).body;
    expect([calls.total, calls.items.length, calls.items[0].date]).toEqual([4, 1, "2026-03-05"]);
    const notBooked = (await items("calls-not-booked").expect(200)).body;
    expect(notBooked.items.map((row: { detail: string }) => row.detail)).toEqual([
      "Not booked: estimate",
      "Not booked: the customer has a job within 30 days",
      "Not booked",
    ]);
    expect(
      (await items("repeat-visits").expect(200)).body.items.map((row: { id: string }) => row.id),
    ).toEqual([seeded.j2.id]);
    expect((await items("done").expect(200)).body.total).toBe(3);
    expect((await items("waiting").expect(200)).body.total).toBe(1);
    expect((await items("on-time").expect(200)).body.total).toBe(4);
    expect((await items("nonsense")).status).toBe(400);
  });

  it("lists the invoices behind each money figure: their count and amounts add up to it", async () => {
    const owner = await agentFor(seeded.owner);
    const week = `companyId=${seeded.company.id}&from=${WEEK.from}&to=${WEEK.to}`;
    const { money } = (await owner.get(`/api/numbers?${week}`).expect(200)).body;
    type Row = {
      id: string;
      total: { amount: number };
      paid: { amount: number };
      balance: { amount: number };
    };
    const list = async (figure: string, extra = "") =>
      (await owner.get(`/api/numbers/${figure}/items?${week}${extra}`).expect(200)).body as {
        total: number;
        items: Row[];
      };
    const sum = (rows: Row[], key: "total" | "paid" | "balance") =>
      rows.reduce((total, row) => total + row[key].amount, 0);
    const { paidInFull, partlyPaid } = seeded;
    const billed = await list("billed");
    expect([billed.total, billed.items.map((row) => row.id), sum(billed.items, "total")]).toEqual([
      2,
      [paidInFull.id, partlyPaid.id],
      money.billed,
    ]);
    expect(billed.items[1]).toEqual({
      kind: "invoice",
      id: partlyPaid.id,
      number: partlyPaid.number,
      customerName: "Xavier Repeat",
      issuedOn: "2026-03-05",
      dueOn: "2026-03-06",
      status: "partly_paid",
      total: { amount: 5_000, currency: "USD" },
      paid: { amount: 1_000, currency: "USD" },
      balance: { amount: 3_500, currency: "USD" },
    });
    const paid = await list("paid");
    expect([paid.total, sum(paid.items, "paid")]).toEqual([2, money.paid]);
    // The invoice paid in full adds nothing to outstanding or overdue, so it is not behind them.
    for (const figure of ["outstanding", "overdue"] as const) {
      const rows = await list(figure);
      expect([rows.total, rows.items.map((row) => row.id), sum(rows.items, "balance")]).toEqual([
        1,
        [partlyPaid.id],
        money[figure],
      ]);
    }
    const second = await list("billed", "&pageSize=1&page=2");
    expect([second.total, second.items.map((row) => row.id)]).toEqual([2, [partlyPaid.id]]);
    const before = `companyId=${seeded.company.id}&from=2026-02-23&to=2026-03-01`;
    const overdueBefore = (await owner.get(`/api/numbers/overdue/items?${before}`).expect(200)).body;
    expect([overdueBefore.total, overdueBefore.items[0].balance.amount]).toEqual([1, 2_000]);
  });

  it("exports the CSV with formula-looking names made harmless", async () => {
    const answer = await (await agentFor(seeded.owner))
      .get(`/api/numbers.csv?companyId=${seeded.company.id}&from=${WEEK.from}&to=${WEEK.to}`)
      .expect(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/csv/);
    expect(answer.text).toContain("Figure,2026-03-02 to 2026-03-08,2026-02-23 to 2026-03-01\r\n");
    expect(answer.text).toContain("Calls logged,4,1\r\n");
    expect(answer.text).toContain("Pat Plumber,240,840,0.286,,24,0.029,3,1\r\n");
    expect(answer.text).toContain("Billed (minor units),15000,2000\r\n");
    expect(answer.text).toContain("Average days from done to paid,14.5,\r\n");
    expect(answer.text).toContain("Revenue per technician hour (minor units),789,\r\n");
  });
});

describe("GET /api/numbers: who may ask, and a bad period", () => {
  it("answers 401 signed out, 403 to technicians and strangers, 404 for another company's technician", async () => {
    const { company, employeeUser } = seeded;
    expect((await anonymous().get(path(company.id))).status).toBe(401);
    expect((await (await agentFor(employeeUser)).get(path(company.id))).status).toBe(403);
    expect(
      (
        await (
          await agentFor(employeeUser)
        ).get(`/api/numbers/late/items?companyId=${company.id}&from=${WEEK.from}&to=${WEEK.to}`)
      ).status,
    ).toBe(403);
    const stranger = await buildTenant();
    expect((await (await agentFor(stranger.owner)).get(path(company.id))).status).toBe(403);
    const billed = `/api/numbers/billed/items?companyId=${company.id}&from=${WEEK.from}&to=${WEEK.to}`;
    expect((await (await agentFor(employeeUser)).get(billed)).status).toBe(403);
    expect((await (await agentFor(stranger.owner)).get(billed)).status).toBe(403);
    const foreign = await (await agentFor(seeded.owner)).get(
      path(company.id, `&employeeId=${stranger.employee.id}`),
    );
    expect(foreign.status).toBe(404);
  });

  it("answers 400 with the field's message for bad dates, to before from, and over 366 days", async () => {
    const owner = await agentFor(seeded.owner);
    const ask = (from: string, to: string) =>
      owner.get(`/api/numbers?companyId=${seeded.company.id}&from=${from}&to=${to}`);
    const bad = await ask("2026-02-30", "2026-03-08");
    expect([bad.status, bad.body.errors[0].message]).toEqual([
      400,
      "From must be a real calendar date between 1900 and 2999",
    ]);
    const backwards = await ask("2026-03-08", "2026-03-02");
    expect([backwards.status, backwards.body.errors[0]]).toEqual([
      400,
      { path: "to", message: NUMBERS_TO_BEFORE_FROM },
    ]);
    const long = await ask("2025-01-01", "2026-01-02");
    expect([long.status, long.body.errors[0].message]).toEqual([400, NUMBERS_RANGE_TOO_LONG]);
    expect((await ask("2025-01-01", "2026-01-01")).status).toBe(200);
  });
});

describe("job_move: every move is recorded, whatever makes it", () => {
  it("records a new time, a new date and a return to the tray; not a change of anything else", async () => {
    const { company, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: "2026-03-06", time: "13:00" });
    await db.update(jobs).set({ description: "Bring the ladder" }).where(eq(jobs.id, job.id));
    await db.update(jobs).set({ time: "15:00" }).where(eq(jobs.id, job.id));
    await db.update(jobs).set({ date: "2026-03-09" }).where(eq(jobs.id, job.id));
    await db.update(jobs).set({ employeeId: null, date: null, time: null }).where(eq(jobs.id, job.id));
    await db
      .update(jobs)
      .set({ employeeId: employee.id, date: "2026-03-10", time: "08:00" })
      .where(eq(jobs.id, job.id));
    const moves = await db
      .select({
        from: jobMoves.fromDate,
        fromTime: jobMoves.fromTime,
        to: jobMoves.toDate,
        toTime: jobMoves.toTime,
      })
      .from(jobMoves)
      .where(eq(jobMoves.jobId, job.id))
      .orderBy(asc(jobMoves.movedAt), asc(jobMoves.fromDate));
    expect(moves).toEqual([
      { from: "2026-03-06", fromTime: "13:00", to: "2026-03-06", toTime: "15:00" },
      { from: "2026-03-06", fromTime: "15:00", to: "2026-03-09", toTime: "15:00" },
      { from: "2026-03-09", fromTime: "15:00", to: null, toTime: null },
    ]);
  });
});
