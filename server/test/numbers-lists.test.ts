/**
 * The lists behind the rate, money and technician figures of GET /api/numbers
 * (docs/numbers.md), and every list as CSV: exact rows for the seeded week, rows that add
 * up to their figure, another company never counted, who may ask.
 */
import { buildTenant } from "@sched/core/test/factories";
import { divideHalfEven } from "@sched/shared-types";
import { beforeAll, describe, expect, it } from "vitest";
import { buildNumbersCompany, buildOtherCompany, call, WEEK } from "./numbers-support";
import { agentFor } from "./support";

type Seeded = Awaited<ReturnType<typeof buildNumbersCompany>>;
let seeded: Seeded;
const BEFORE = { from: "2026-02-23", to: "2026-03-01" };

beforeAll(async () => {
  await buildOtherCompany();
  seeded = await buildNumbersCompany();
  // A caller whose name a spreadsheet would run as a formula, in the week before.
  await call(seeded.company.id, "2026-02-27", { customerName: "=SUM(A1)" });
  await buildOtherCompany();
});

const period = (extra = "", dates = WEEK) =>
  `companyId=${seeded.company.id}&from=${dates.from}&to=${dates.to}${extra}`;
async function owner() {
  return agentFor(seeded.owner);
}
async function list(figure: string, extra = "") {
  return (await (await owner()).get(`/api/numbers/${figure}/items?${period(extra)}`).expect(200)).body;
}
async function csv(figure: string, extra = "", dates = WEEK) {
  const answer = await (await owner())
    .get(`/api/numbers/${figure}/items.csv?${period(extra, dates)}`)
    .expect(200);
  expect(answer.headers["content-type"]).toMatch(/^text\/csv/);
  expect(answer.headers["content-disposition"]).toBe(
    `attachment; filename="numbers-${figure}-${dates.from}-to-${dates.to}.csv"`,
  );
  return answer.text.replace(/^\ufeff/, "");
}

type Technician = { id: string; jobMinutes: number; clockedMinutes: number; driveMinutes: number };
const sum = (rows: Technician[], key: "jobMinutes" | "clockedMinutes" | "driveMinutes") =>
  rows.reduce((total, row) => total + row[key], 0);

describe("GET /api/numbers/:figure/items: the rates' and money's lists", () => {
  it("lists the technicians behind utilization and drive share; their minutes are the figure's", async () => {
    const numbers = (await (await owner()).get(`/api/numbers?${period()}`).expect(200)).body;
    const utilization = await list("utilization");
    expect(utilization).toEqual({
      figure: "utilization",
      total: 2,
      page: 1,
      pageSize: 50,
      items: [
        {
          kind: "technician",
          id: seeded.bo.id,
          name: "Bo Builder",
          jobMinutes: 60,
          clockedMinutes: 300,
          rate: 0.2,
          driveMinutes: 0,
          driveShare: 0,
        },
        {
          kind: "technician",
          id: seeded.pat.id,
          name: "Pat Plumber",
          jobMinutes: 240,
          clockedMinutes: 840,
          rate: 0.286,
          driveMinutes: 24,
          driveShare: 0.029,
        },
      ],
    });
    const byFigure = numbers.utilization as Technician[];
    for (const key of ["jobMinutes", "clockedMinutes", "driveMinutes"] as const) {
      expect(sum(utilization.items, key)).toBe(sum(byFigure, key));
    }
    expect((await list("drive-share")).items).toEqual(utilization.items);
    const bo = await list("utilization", `&employeeId=${seeded.bo.id}&pageSize=1`);
    expect([bo.total, bo.items.map((row: Technician) => row.id)]).toEqual([1, [seeded.bo.id]]);
  });

  it("lists revenue per hour's technicians for the whole company: billed over their hours is the figure", async () => {
    const { money } = (await (await owner()).get(`/api/numbers?${period()}`).expect(200)).body;
    // A technician chosen does not narrow the company's money.
    const rows = (await list("revenue-per-hour", `&employeeId=${seeded.bo.id}`)).items as Technician[];
    expect(rows.map((row) => [row.id, row.clockedMinutes])).toEqual([
      [seeded.bo.id, 300],
      [seeded.pat.id, 840],
    ]);
    expect(divideHalfEven(money.billed * 60, sum(rows, "clockedMinutes"))).toBe(money.revenuePerHour);
    expect(money.revenuePerHour).toBe(789);
  });

  it("lists the invoices paid in the period with their days from done to paid; their average is the figure", async () => {
    const { money } = (await (await owner()).get(`/api/numbers?${period()}`).expect(200)).body;
    const paid = await list("days-to-paid", `&employeeId=${seeded.pat.id}`);
    expect([paid.total, paid.items]).toEqual([
      2,
      [
        {
          kind: "paid-invoice",
          id: seeded.paidInFull.id,
          number: seeded.paidInFull.number,
          customerName: null,
          total: { amount: 10_000, currency: "USD" },
          doneOn: "2026-03-03",
          paidOn: "2026-03-06",
          days: 3,
        },
        {
          kind: "paid-invoice",
          id: seeded.paidLate.id,
          number: seeded.paidLate.number,
          customerName: null,
          total: { amount: 3_000, currency: "USD" },
          // Done 21:00 on 02-09 in Chicago (02-10 in UTC); the 1,000 refunded keeps it open to 03-07.
          doneOn: "2026-02-09",
          paidOn: "2026-03-07",
          days: 26,
        },
      ],
    ]);
    const days = paid.items.map((row: { days: number }) => row.days);
    expect(days.reduce((a: number, b: number) => a + b, 0) / days.length).toBe(money.daysToPaid);
    const second = await list("days-to-paid", "&pageSize=1&page=2");
    expect([second.total, second.items[0].id]).toEqual([2, seeded.paidLate.id]);
  });

  it("lists the calls and the started jobs behind the booking rate and on time: the rows make the rate", async () => {
    const numbers = (await (await owner()).get(`/api/numbers?${period()}`).expect(200)).body;
    const calls = await list("calls");
    const booked = calls.items.filter((row: { detail: string }) => row.detail === "Booked").length;
    expect([booked, calls.total, booked / calls.total]).toEqual([1, 4, numbers.calls.rate]);
    const started = await list("on-time");
    expect(started.items.map((row: { date: string; detail: string }) => [row.date, row.detail])).toEqual([
      ["2026-03-03", "On time"],
      ["2026-03-04", "25 min late"],
      ["2026-03-04", "On time"],
      ["2026-03-08", "30 min late"],
    ]);
    const onTime = started.items.filter((row: { detail: string }) => row.detail === "On time").length;
    expect(onTime / started.total).toBe((numbers.onTime.jobs - numbers.onTime.late) / numbers.onTime.jobs);
  });
});

describe("GET /api/numbers/:figure/items.csv: every row of a list", () => {
  it("writes the technicians, the paid invoices and all the late jobs, not a page", async () => {
    expect(await csv("utilization")).toBe(
      "Technician,Job minutes,Clocked minutes,Utilization,Drive minutes,Drive share\r\n" +
        "Bo Builder,60,300,0.2,0,0\r\nPat Plumber,240,840,0.286,24,0.029\r\n",
    );
    expect(await csv("days-to-paid")).toBe(
      "Invoice,Customer,Currency,Total (minor units),Done on,Paid on,Days\r\n" +
        `${seeded.paidInFull.number},,USD,10000,2026-03-03,2026-03-06,3\r\n` +
        `${seeded.paidLate.number},,USD,3000,2026-02-09,2026-03-07,26\r\n`,
    );
    expect(await csv("late", "&pageSize=1")).toBe(
      "Date,Time,What,Customer,Technician,Why it counts\r\n" +
        "2026-03-04,10:00,Repair · 1 Main St,Xavier Repeat,Pat Plumber,25 min late\r\n" +
        "2026-03-08,09:00,Repair · 1 Main St,,Bo Builder,30 min late\r\n",
    );
    expect(await csv("outstanding")).toBe(
      "Invoice,Customer,Issued,Due,Status,Currency,Total (minor units),Paid (minor units),Balance (minor units)\r\n" +
        `${seeded.partlyPaid.number},Xavier Repeat,2026-03-05,2026-03-06,partly_paid,USD,5000,1000,3500\r\n`,
    );
  });

  it("makes a formula-looking name harmless, and writes the header of an empty list", async () => {
    expect(await csv("calls-not-booked", "", BEFORE)).toBe(
      "Date,Time,Caller,Customer,Technician,Why it counts\r\n2026-02-27,09:00,'=SUM(A1),'=SUM(A1),,Not booked\r\n",
    );
    expect(await csv("days-to-paid", "", BEFORE)).toBe(
      "Invoice,Customer,Currency,Total (minor units),Done on,Paid on,Days\r\n",
    );
  });
});

describe("the lists and their CSV: who may ask", () => {
  it("answers 403 to technicians and other companies' owners, 404 for another company's technician", async () => {
    const stranger = await buildTenant();
    const technician = await agentFor(seeded.employeeUser);
    const outsider = await agentFor(stranger.owner);
    for (const figure of ["utilization", "days-to-paid", "revenue-per-hour"]) {
      for (const suffix of ["items", "items.csv"]) {
        const url = `/api/numbers/${figure}/${suffix}?${period()}`;
        expect((await technician.get(url)).status).toBe(403);
        expect((await outsider.get(url)).status).toBe(403);
        const foreign = await (await owner()).get(`${url}&employeeId=${stranger.employee.id}`);
        expect([foreign.status, foreign.body.message]).toEqual([404, "Employee not found"]);
      }
    }
    expect((await (await owner()).get(`/api/numbers/nonsense/items.csv?${period()}`)).status).toBe(400);
  });
});
