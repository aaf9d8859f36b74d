import { DEFAULT_COMPANY_SETTINGS, type TimeOffDTO, warningsForJobs } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { availabilityText } from "../src/entities/employee/availabilityText";
import { withWarnings } from "../src/entities/job/conflictMarks";
import { employeeFormValues } from "../src/features/employees/employeeChanges";
import { timeOffCellClass } from "../src/features/time-off/TimeOffMark";
import {
  dayKey,
  dayShades,
  timeOffByDay,
  timeOffLabel,
  unavailableStretches,
} from "../src/features/time-off/timeOffModel";
import { queryKeys } from "../src/lib/queryKeys";
import { queryRootsFor } from "../src/realtime/useRealtime";
import { buildEmployee, buildJob } from "./builders";

function off(overrides: Partial<TimeOffDTO> = {}): TimeOffDTO {
  return {
    id: "t1",
    employeeId: "e1",
    startDate: "2026-11-30",
    endDate: "2026-11-30",
    startTime: null,
    endTime: null,
    kind: "vacation",
    note: null,
    status: "approved",
    requestedBy: null,
    decidedBy: null,
    decidedAt: null,
    version: 1,
    ...overrides,
  };
}

describe("time off on the boards", () => {
  it("covers each day of a range once, and leaves declined requests out", () => {
    const byDay = timeOffByDay([
      off({ endDate: "2026-12-02" }),
      off({ id: "t2", employeeId: "e2", status: "declined" }),
      off({ id: "t3", employeeId: "e2", startDate: "2026-12-01", endDate: "2026-12-01", status: "pending" }),
    ]);
    expect([...byDay.keys()].sort()).toEqual([
      dayKey("e1", "2026-11-30"),
      dayKey("e1", "2026-12-01"),
      dayKey("e1", "2026-12-02"),
      dayKey("e2", "2026-12-01"),
    ]);
    expect(timeOffCellClass(byDay.get(dayKey("e1", "2026-12-01")))).toBe("has-time-off");
    expect(timeOffCellClass(byDay.get(dayKey("e2", "2026-12-01")))).toBe("has-time-off-pending");
    expect(timeOffCellClass(undefined)).toBe("");
  });

  it("names the kind only to those who may read it", () => {
    const part = off({ startTime: "13:00", endTime: "17:00" });
    expect(timeOffLabel(part, true)).toBe("Off · Vacation 13:00–17:00");
    expect(timeOffLabel(part, false)).toBe("Off · 13:00–17:00");
    expect(timeOffLabel(off({ status: "pending", kind: "sick" }), true)).toBe("Asked off: Sick");
    expect(timeOffLabel(off({ kind: null }), true)).toBe("Off");
  });

  it("shades the hours outside a person's own pattern and their time off on the timeline", () => {
    // 2026-11-30 is a Monday (day 1); Friday is day 5.
    const partTimer = buildEmployee({
      availability: [
        { day: 1, start: "08:00", end: "12:00" },
        { day: 1, start: "13:00", end: "17:00" },
      ],
    });
    expect(unavailableStretches(partTimer, "2026-11-30").map(({ start, end }) => [start, end])).toEqual([
      [0, 480],
      [720, 780],
      [1020, 1440],
    ]);
    expect(unavailableStretches(partTimer, "2026-12-04").map(({ start, end }) => [start, end])).toEqual([
      [0, 1440],
    ]);
    expect(unavailableStretches(buildEmployee(), "2026-11-30")).toEqual([]);
    const byDay = timeOffByDay([off({ startTime: "09:00", endTime: "11:00", status: "pending" })]);
    expect(dayShades(buildEmployee(), "2026-11-30", byDay, true)).toEqual([
      { start: 540, end: 660, label: "Asked off: Vacation 09:00–11:00", tone: "pending" },
    ]);
  });
});

describe("time off in the board's conflict engine", () => {
  it("warns a job without the API's warnings that sits on approved time off", () => {
    const job = buildJob({ id: "j1", employeeId: "e1", date: "2026-11-30", time: "09:00" });
    delete (job as { warnings?: unknown }).warnings;
    const [warned] = withWarnings([job], DEFAULT_COMPANY_SETTINGS, [buildEmployee()], [off()]);
    const codes = (warned as { warnings: { code: string }[] }).warnings.map((warning) => warning.code);
    expect(codes).toContain("time_off");
    const [clear] = withWarnings([job], DEFAULT_COMPANY_SETTINGS, [buildEmployee()], []);
    expect((clear as { warnings: { code: string }[] }).warnings.map((w) => w.code)).not.toContain("time_off");
  });

  it("reads each person's own pattern", () => {
    const friday = buildJob({ id: "j1", employeeId: "e1", date: "2026-12-04", time: "09:00" });
    delete (friday as { warnings?: unknown }).warnings;
    const partTimer = buildEmployee({ availability: [{ day: 1, start: "08:00", end: "17:00" }] });
    const [warned] = withWarnings([friday], DEFAULT_COMPANY_SETTINGS, [partTimer]);
    expect((warned as { warnings: { code: string }[] }).warnings.map((w) => w.code)).toEqual([
      "non_working_day",
    ]);
    // The engine itself agrees (the same function the server runs).
    expect(
      warningsForJobs([{ ...friday, durationMinutes: 60 }], {
        workingDays: [1, 2, 3, 4, 5],
        workdayStart: "08:00",
        workdayEnd: "17:00",
        inactiveEmployeeIds: new Set(),
      }).get("j1"),
    ).toEqual([]);
  });
});

describe("time off live and on the form", () => {
  it("refetches the time off lists and the jobs on every time_off event", () => {
    expect(queryRootsFor("time_off.updated")).toEqual(["time-off", "jobs"]);
    expect(queryKeys.timeOff("c1", "2026-11-30", "2026-12-06")[0]).toBe("/api/time-off");
  });

  it("reads a pattern as days and hours, and an empty one as the company's", () => {
    expect(availabilityText([])).toBe("The company's working days and hours");
    expect(availabilityText([], DEFAULT_COMPANY_SETTINGS)).toBe("Mon–Sat, 7:00 AM–7:00 PM");
    expect(
      availabilityText([], { workingDays: [7, 1, 2, 3, 5], workdayStart: "08:30", workdayEnd: "17:00" }),
    ).toBe("Mon–Wed, Fri, Sun, 8:30 AM–5:00 PM");
    expect(
      availabilityText([
        { day: 5, start: "08:00", end: "12:00" },
        { day: 1, start: "08:00", end: "17:00" },
      ]),
    ).toBe("Mon 8:00 AM–5:00 PM, Fri 8:00 AM–12:00 PM");
    const values = employeeFormValues(
      buildEmployee({ availability: [{ day: 2, start: "09:00", end: "15:00" }] }),
    );
    expect(values.availability).toEqual([{ day: 2, start: "09:00", end: "15:00" }]);
  });
});
