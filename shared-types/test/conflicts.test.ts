/** The conflict engine (docs/schedule.md). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ConflictContext, type ConflictJob, warningsForJob, warningsForJobs } from "../src";

const ALEX = "alex";
const SAM = "sam";
const context: ConflictContext = {
  workingDays: [1, 2, 3, 4, 5, 6],
  workdayStart: "07:00",
  workdayEnd: "19:00",
  inactiveEmployeeIds: new Set(),
};

// 2026-11-23 is a Monday, 2026-11-29 a Sunday.
const job = (id: string, over: Partial<ConflictJob> = {}): ConflictJob => ({
  id,
  employeeId: ALEX,
  date: "2026-11-23",
  time: "09:00",
  durationMinutes: 60,
  ...over,
});

describe("overlaps", () => {
  it("names the other job with its start and end, both ways", () => {
    const a = job("a", { time: "09:00", durationMinutes: 90, type: "Plumbing", location: "1 Main St" });
    const b = job("b", { time: "10:00", durationMinutes: 90, type: "Repair", location: "12 Oak St" });
    const warnings = warningsForJobs([a, b], context);
    expect(warnings.get("a")).toEqual([
      { code: "overlap", message: "Overlaps 10:00–11:30 Repair at 12 Oak St", jobId: "b" },
    ]);
    expect(warnings.get("b")).toEqual([
      { code: "overlap", message: "Overlaps 09:00–10:30 Plumbing at 1 Main St", jobId: "a" },
    ]);
  });

  it("is not an overlap when one job ends as the next starts, for another employee, or when cancelled", () => {
    const warnings = warningsForJobs(
      [
        job("a", { time: "09:00", durationMinutes: 60 }),
        job("b", { time: "10:00" }),
        job("c", { time: "10:00", employeeId: SAM }),
        job("d", { time: "10:30", status: "cancelled" }),
      ],
      context,
    );
    for (const id of ["a", "b", "c", "d"]) expect(warnings.get(id)).toEqual([]);
  });

  it("meets the next morning's job when a job runs past midnight", () => {
    const late = job("late", { date: "2026-11-24", time: "23:00", durationMinutes: 180 });
    const early = job("early", { date: "2026-11-25", time: "01:00" });
    const warnings = warningsForJobs([late, early], context);
    expect(warnings.get("early")?.map((w) => w.code)).toContain("overlap");
    expect(warnings.get("early")?.find((w) => w.code === "overlap")?.message).toBe(
      "Overlaps 23:00–02:00 another job",
    );
  });
});

describe("a job on its own", () => {
  it("warns about an inactive employee by name", () => {
    const inactive = {
      ...context,
      inactiveEmployeeIds: new Set([ALEX]),
      employeeNames: new Map([[ALEX, "Alex"]]),
    };
    expect(warningsForJob(job("a"), [], inactive)).toEqual([
      { code: "inactive_employee", message: "Alex is inactive" },
    ]);
    expect(warningsForJob(job("a"), [], { ...inactive, employeeNames: undefined })).toEqual([
      { code: "inactive_employee", message: "The employee is inactive" },
    ]);
  });

  it("warns about a day the company does not work", () => {
    expect(warningsForJob(job("a", { date: "2026-11-29" }), [], context)).toEqual([
      { code: "non_working_day", message: "Sunday is not a working day" },
    ]);
  });

  it("warns about hours outside the workday", () => {
    const at = (time: string, durationMinutes = 60) =>
      warningsForJob(job("a", { time, durationMinutes }), [], context).map((w) => w.message);
    expect(at("06:45")).toEqual(["Starts before the workday (07:00)"]);
    expect(at("18:00", 90)).toEqual(["Ends after the workday (19:00)"]);
    expect(at("06:00", 840)).toEqual(["Runs outside the workday (07:00–19:00)"]);
    expect(at("07:00", 720)).toEqual([]);
  });

  it("never warns about an unscheduled job", () => {
    const unscheduled = job("u", { date: null, time: null, employeeId: null });
    const inactive = { ...context, inactiveEmployeeIds: new Set([ALEX]) };
    expect(warningsForJobs([unscheduled, job("a")], inactive).get("u")).toEqual([]);
    expect(warningsForJob(unscheduled, [job("a")], inactive)).toEqual([]);
  });
});

describe("one job against the others (the dialog)", () => {
  it("ignores its own stored copy and lists overlaps by start", () => {
    const editing = job("a", { time: "09:00", durationMinutes: 180 });
    const others = [job("a"), job("c", { time: "11:00" }), job("b", { time: "10:00" })];
    expect(warningsForJob(editing, others, context).map((w) => w.jobId)).toEqual(["b", "c"]);
  });
});

describe("the week and the dialog agree", () => {
  const arbitraryJob = (id: number) =>
    fc.record({
      id: fc.constant(`j${id}`),
      employeeId: fc.constantFrom(ALEX, SAM, null),
      date: fc.constantFrom("2026-11-23", "2026-11-24", "2026-11-29", null),
      time: fc.integer({ min: 0, max: 95 }).map((q) => {
        const minutes = q * 15;
        return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      }),
      durationMinutes: fc.integer({ min: 1, max: 48 }).map((q) => q * 15),
      status: fc.constantFrom("scheduled", "cancelled"),
    });

  it("gives each job the same warnings both ways", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 25 })
          .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbitraryJob(i)))),
        (jobs: ConflictJob[]) => {
          const ctx = { ...context, inactiveEmployeeIds: new Set([SAM]) };
          const week = warningsForJobs(jobs, ctx);
          for (const one of jobs) expect(week.get(one.id)).toEqual(warningsForJob(one, jobs, ctx));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("stays fast for a busy week", () => {
    // 1,200 jobs (the bench's week) for 30 technicians, many of them overlapping.
    const jobs = Array.from({ length: 1200 }, (_, i) =>
      job(`j${i}`, {
        employeeId: `e${i % 30}`,
        date: `2026-11-${23 + (Math.floor(i / 30) % 6)}`,
        time: `${String(7 + (i % 11)).padStart(2, "0")}:00`,
        durationMinutes: 120,
      }),
    );
    const started = Date.now();
    warningsForJobs(jobs, context);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
