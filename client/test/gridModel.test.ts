/**
 * The board never hides a job (docs/schedule.md): fast-check generates weeks of jobs on
 * any day, for active, inactive and missing employees (and unscheduled ones), and checks
 * that every job of the week shows exactly once on the Week View's model, By Employee,
 * the Daily View, the print and the CSV, and nothing outside the week shows at all.
 */
import { addDays, type EmployeeDTO, isoWeekday, type JobDTO, weekDates } from "@sched/shared-types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextWorkingDay } from "../src/entities/company/workingDays";
import { jobDefaultsFromCall } from "../src/features/calls/BookJobFromCall";
import { buildScheduleCsv } from "../src/features/schedule/csv";
import {
  buildGridModel,
  byRowWeek,
  dayRows,
  INACTIVE_ROW_KEY,
  jobsOfWeek,
  moveDates,
} from "../src/features/schedule/gridModel";
import { buildPrintHtml } from "../src/features/schedule/print";
import { buildJob } from "./builders";

const BASE_MONDAY = "2026-11-23";

const employee = (id: string, isActive: boolean): EmployeeDTO => ({
  id,
  companyId: "c",
  name: `Name ${id}`,
  initials: "NN",
  avatarColor: "blue",
  isActive,
  availability: [],
  phone: null,
  email: null,
  skills: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  version: 1,
});

// Only who, where and when matter to where a job shows; the rest stays at the builder's values.
const job = (overrides: Partial<JobDTO> & { id: string }): JobDTO =>
  buildJob({
    companyId: "c",
    employeeId: "a",
    location: `loc-${overrides.id}`,
    date: BASE_MONDAY,
    ...overrides,
  });

type EmployeeState = "active" | "inactive" | "missing";

/** A week: its Monday, the company's people by state, its jobs (some outside the week, some unscheduled). */
const arbitraryWeek = fc
  .record({
    weekOffset: fc.integer({ min: -300, max: 300 }),
    states: fc.array(fc.constantFrom<EmployeeState>("active", "inactive", "missing"), {
      minLength: 1,
      maxLength: 5,
    }),
    jobs: fc.array(
      fc.record({
        // -3..9 days from Monday: the week, and days either side that must not show.
        day: fc.option(fc.integer({ min: -3, max: 9 }), { nil: null }),
        person: fc.nat(),
        hour: fc.integer({ min: 0, max: 23 }),
        minute: fc.constantFrom(0, 15, 30, 45),
      }),
      { maxLength: 40 },
    ),
    workingDays: fc.subarray([1, 2, 3, 4, 5, 6, 7]),
  })
  .map(({ weekOffset, states, jobs, workingDays }) => {
    const weekStart = addDays(BASE_MONDAY, weekOffset * 7);
    const people = states.map((state, index) => ({
      state,
      employee: employee(`e${index}`, state === "active"),
    }));
    const rows = people.filter((p) => p.state === "active").map((p) => p.employee);
    const everyone = people.filter((p) => p.state !== "missing").map((p) => p.employee);
    const built = jobs.map((spec, index) => {
      const id = `j${index}`;
      if (spec.day === null) return job({ id, employeeId: null, date: null, time: null });
      const time = `${String(spec.hour).padStart(2, "0")}:${String(spec.minute).padStart(2, "0")}`;
      const owner = people[spec.person % people.length].employee;
      return job({ id, employeeId: owner.id, date: addDays(weekStart, spec.day), time });
    });
    return { weekStart, rows, everyone, jobs: built, workingDays };
  });

/** How often each job id shows in a list of placed jobs. */
function counts(placed: JobDTO[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const one of placed) result.set(one.id, (result.get(one.id) ?? 0) + 1);
  return result;
}

/** Every job dated inside the week shows once; every other job never. */
function expectExactlyOnce(jobs: JobDTO[], weekStart: string, seen: Map<string, number>) {
  const sunday = addDays(weekStart, 6);
  for (const one of jobs) {
    const inWeek = one.date !== null && one.date >= weekStart && one.date <= sunday;
    expect(seen.get(one.id) ?? 0, `${one.id} on ${one.date}`).toBe(inWeek ? 1 : 0);
  }
}

describe("Move to… offers the days the board shows", () => {
  it("a company that works Sundays can move a job to Sunday; one that does not, only when the job is there", () => {
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    expect(moveDates("2026-12-06", everyDay)).toEqual(weekDates("2026-11-30"));
    expect(moveDates("2026-12-02", everyDay)).toContain("2026-12-06");
    expect(moveDates("2026-12-02", [1, 2, 3, 4, 5, 6])).toEqual(weekDates("2026-11-30").slice(0, 6));
    expect(moveDates("2026-12-06", [1, 2, 3, 4, 5])).toEqual([
      ...weekDates("2026-11-30").slice(0, 5),
      "2026-12-06",
    ]);
  });
});

describe("the board never hides a job", () => {
  it("the Week View's model places every job of the week in exactly one cell", () => {
    fc.assert(
      fc.property(arbitraryWeek, ({ weekStart, rows, everyone, jobs, workingDays }) => {
        const model = buildGridModel({ weekStart, jobs, rows, everyone, workingDays });
        const placed = model.rows.flatMap((row) => model.days.flatMap((date) => model.jobsIn(row.key, date)));
        expectExactlyOnce(jobs, weekStart, counts(placed));
        // A day shows when it has work or the company works it (Monday to Saturday when it never said).
        const booked = new Set(jobsOfWeek(jobs, weekStart).map((one) => one.date));
        const works = workingDays.length > 0 ? workingDays : [1, 2, 3, 4, 5, 6];
        expect(model.days).toEqual(
          weekDates(weekStart).filter((date) => booked.has(date) || works.includes(isoWeekday(date))),
        );
        // A roster employee's job is in their row; anyone else's in the Inactive row.
        const rowIds = new Set(rows.map((row) => row.id));
        for (const row of model.rows)
          for (const date of model.days)
            for (const one of model.jobsIn(row.key, date)) {
              expect(one.date).toBe(date);
              expect(row.key).toBe(
                one.employeeId && rowIds.has(one.employeeId) ? one.employeeId : INACTIVE_ROW_KEY,
              );
            }
      }),
    );
  });

  it("By Employee and the Daily View, over all their rows and days, show each job of the week once", () => {
    fc.assert(
      fc.property(arbitraryWeek, ({ weekStart, rows, everyone, jobs, workingDays }) => {
        const model = buildGridModel({ weekStart, jobs, rows, everyone, workingDays, span: "week" });
        const byEmployee = model.rows.flatMap((row) =>
          byRowWeek(model, row.key, workingDays).flatMap((day) => day.jobs),
        );
        expectExactlyOnce(jobs, weekStart, counts(byEmployee));
        const daily = weekDates(weekStart).flatMap((date) => dayRows(model, date).flatMap((row) => row.jobs));
        expectExactlyOnce(jobs, weekStart, counts(daily));
      }),
    );
  });

  it("the print shows each job of the week once", () => {
    fc.assert(
      fc.property(arbitraryWeek, ({ weekStart, rows, everyone, jobs }) => {
        const html = buildPrintHtml(jobs, rows, weekStart, "Acme", everyone);
        const seen = new Map<string, number>();
        for (const match of html.matchAll(/data-job-id="([^"]+)"/g))
          seen.set(match[1], (seen.get(match[1]) ?? 0) + 1);
        expectExactlyOnce(jobs, weekStart, seen);
      }),
    );
  });

  it("the CSV has one line per job of the week", () => {
    fc.assert(
      fc.property(arbitraryWeek, ({ weekStart, everyone, jobs }) => {
        const lines = buildScheduleCsv(jobs, everyone, weekStart).split("\r\n").slice(1, -1);
        const seen = new Map<string, number>();
        for (const line of lines) {
          const id = /,loc-(j\d+),/.exec(line)?.[1];
          expect(id, line).toBeDefined();
          if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
        }
        expectExactlyOnce(jobs, weekStart, seen);
      }),
    );
  });

  it("names the owner of a job in the Inactive row, or says the employee is unknown", () => {
    const rows = [employee("a", true)];
    const everyone = [...rows, employee("b", false)];
    const jobs = [job({ id: "1", employeeId: "b" }), job({ id: "2", employeeId: "gone" })];
    const model = buildGridModel({ weekStart: BASE_MONDAY, jobs, rows, everyone });
    expect(model.rows.map((row) => row.label)).toEqual(["Name a", "Inactive"]);
    expect(model.jobsIn(INACTIVE_ROW_KEY, BASE_MONDAY).map(model.employeeName)).toEqual([
      "Name b",
      "Unknown employee",
    ]);
    const html = buildPrintHtml(jobs, rows, BASE_MONDAY, "Acme", everyone);
    expect(html).toContain('<th class="person">Inactive</th>');
    expect(html).toContain('<div class="owner">Name b</div>');
  });

  it("prints each job's length and its customer's name and phone", () => {
    const rows = [employee("a", true)];
    const jobs = [
      job({
        id: "1",
        employeeId: "a",
        durationMinutes: 90,
        customerName: "Ana <Ruiz>",
        customerPhone: "555 0101",
      }),
    ];
    const html = buildPrintHtml(jobs, rows, BASE_MONDAY, "Acme");
    expect(html).toContain("(1 h 30 min)");
    // The number never wraps mid-number (print-phone.test.ts).
    expect(html).toContain(
      '<div class="customer">Ana &lt;Ruiz&gt; · <span class="phone">555 0101</span></div>',
    );
  });
});

describe("Add Job and Book Job start on a working day the board shows", () => {
  it("the next working day is a working day, the first one on or after the start", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2000, max: 2000 }),
        fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
        (offset, workingDays) => {
          const from = addDays(BASE_MONDAY, offset);
          const day = nextWorkingDay(from, workingDays);
          expect(workingDays).toContain(isoWeekday(day));
          for (let between = from; between < day; between = addDays(between, 1))
            expect(workingDays).not.toContain(isoWeekday(between));
          // The Week View of that day's week (even an empty one) has its column.
          const monday = addDays(day, 1 - isoWeekday(day));
          expect(buildGridModel({ weekStart: monday, jobs: [], rows: [], workingDays }).days).toContain(day);
        },
      ),
    );
  });

  it("today when today is a working day; Monday after a Sunday for a Monday-to-Saturday company", () => {
    expect(nextWorkingDay("2026-11-25", [1, 2, 3, 4, 5, 6])).toBe("2026-11-25");
    expect(nextWorkingDay("2026-11-29", [1, 2, 3, 4, 5, 6])).toBe("2026-11-30");
    expect(nextWorkingDay("2026-11-28", [1, 2, 3, 4, 5])).toBe("2026-11-30");
    expect(nextWorkingDay("2026-11-29", [1, 2, 3, 4, 5, 6, 7])).toBe("2026-11-29");
    expect(nextWorkingDay("2026-11-29", [])).toBe("2026-11-29");
  });

  it("Book Job from a call made on a Sunday starts on Monday", () => {
    const call = {
      id: "r",
      companyId: "c",
      customerName: "Ann",
      customerPhone: "+1 555 0100",
      customerEmail: null,
      customerAddress: "1 Main St",
      callDate: "2026-11-29",
      notes: null,
      serviceType: "service",
    } as unknown as Parameters<typeof jobDefaultsFromCall>[0];
    expect(jobDefaultsFromCall(call, "2026-11-29").date).toBe("2026-11-30");
    expect(jobDefaultsFromCall(call, "2026-11-29", [1, 2, 3, 4, 5, 6, 7]).date).toBe("2026-11-29");
    expect(jobDefaultsFromCall(call, "2026-11-26", [1, 2, 3, 4, 5]).date).toBe("2026-11-30");
  });

  it("Book Job from a call takes the notes as they are: the customer is linked, not named in them", () => {
    const call = {
      id: "r",
      companyId: "c",
      customerName: "Ann",
      customerPhone: "+1 555 0100",
      customerEmail: null,
      customerAddress: "1 Main St",
      callDate: "2026-11-29",
      notes: "Leaking tap",
      serviceType: "service",
    } as unknown as Parameters<typeof jobDefaultsFromCall>[0];
    expect(jobDefaultsFromCall(call, "2026-11-29").description).toBe("Leaking tap");
    expect(jobDefaultsFromCall({ ...call, notes: null }, "2026-11-29").description).toBe("");
  });
});
