/**
 * The conflict engine with time off and weekly patterns (docs/time-off.md): the same
 * warnings one job at a time (the dialog) and for a whole list (the board).
 */
import { describe, expect, it } from "vitest";
import { type ConflictContext, type ConflictJob, warningsForJob, warningsForJobs } from "../src";

const base: ConflictContext = {
  workingDays: [1, 2, 3, 4, 5],
  workdayStart: "08:00",
  workdayEnd: "17:00",
  inactiveEmployeeIds: new Set(),
  employeeNames: new Map([["pat", "Pat"]]),
};
// 2030-06-03 is a Monday.
const job = (time: string, date = "2030-06-03"): ConflictJob => ({
  id: `${date}-${time}`,
  employeeId: "pat",
  date,
  time,
  durationMinutes: 60,
});
const codes = (target: ConflictJob, context: ConflictContext) => {
  const one = warningsForJob(target, [], context).map((w) => w.code);
  expect(
    warningsForJobs([target], context)
      .get(target.id)
      ?.map((w) => w.code),
  ).toEqual(one);
  return one;
};

describe("time off", () => {
  const off = (status: string, times: [string, string] | null = null) => ({
    ...base,
    timeOff: [
      {
        employeeId: "pat",
        startDate: "2030-06-03",
        endDate: "2030-06-04",
        startTime: times?.[0] ?? null,
        endTime: times?.[1] ?? null,
        status,
      },
    ],
  });
  it("warns time_off for approved, time_off_pending for pending, nothing for declined", () => {
    expect(codes(job("09:00"), off("approved"))).toEqual(["time_off"]);
    expect(codes(job("09:00", "2030-06-04"), off("pending"))).toEqual(["time_off_pending"]);
    expect(codes(job("09:00"), off("declined"))).toEqual([]);
    expect(codes(job("09:00", "2030-06-05"), off("approved"))).toEqual([]);
  });
  it("meets a part day only where the job overlaps it", () => {
    const part = { ...off("approved", ["13:00", "15:00"]) };
    part.timeOff[0].endDate = "2030-06-03";
    expect(codes(job("12:00"), part)).toEqual([]);
    expect(codes(job("12:30"), part)).toEqual(["time_off"]);
    expect(codes(job("15:00"), part)).toEqual([]);
  });
  it("never warns someone else", () => {
    expect(codes({ ...job("09:00"), employeeId: "sam" }, off("approved"))).toEqual([]);
  });
});

describe("the employee's own pattern", () => {
  const pattern = { ...base, availability: new Map([["pat", [{ day: 6, start: "09:00", end: "13:00" }]]]) };
  it("replaces the company's days and hours", () => {
    // Saturday 2030-06-08 is no company working day, but it is Pat's.
    expect(codes(job("10:00", "2030-06-08"), pattern)).toEqual([]);
    expect(codes(job("12:30", "2030-06-08"), pattern)).toEqual(["outside_hours"]);
    expect(codes(job("10:00"), pattern)).toEqual(["non_working_day"]);
    expect(codes(job("10:00"), base)).toEqual([]);
  });
});
