/** The "Mark out…" dialog's choices (client/src/features/absence-plan/markOutModel.ts). */
import type { AbsencePlanDTO, ConflictContext } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import {
  initialChoices,
  KEEP,
  lacksTime,
  movesOf,
  plannedWarnings,
  TRAY,
} from "../src/features/absence-plan/markOutModel";
import { buildJob } from "./builders";

const context: ConflictContext = {
  workingDays: [1, 2, 3, 4, 5, 6],
  workdayStart: "07:00",
  workdayEnd: "19:00",
  inactiveEmployeeIds: new Set(),
};
const morning = buildJob({ id: "j1", employeeId: "sick", time: "09:00", version: 3 });
const afternoon = buildJob({ id: "j2", employeeId: "sick", time: "14:00", version: 1 });
const colleagues = buildJob({ id: "j3", employeeId: "sam", time: "14:30" });
const plan: AbsencePlanDTO = {
  date: "2026-11-23",
  employeeId: "sick",
  moves: [{ jobId: "j1", employeeId: "sam", time: "09:00", warnings: [] }],
  unplaced: [{ jobId: "j2", reason: "No one has room for it that day" }],
};

describe("the Mark out dialog's choices", () => {
  it("start from the proposal; a job nobody can take starts in the Unscheduled tray", () => {
    expect(initialChoices(plan, [morning, afternoon])).toEqual({
      j1: { who: "sam", time: "09:00" },
      j2: { who: TRAY, time: "14:00" },
    });
  });

  it("warn where a changed choice would clash, and not for a job in the tray", () => {
    const choices = { j1: { who: "sam", time: "09:00" }, j2: { who: "sam", time: "14:00" } };
    const warnings = plannedWarnings([morning, afternoon, colleagues], choices, context);
    expect(warnings.get("j1")).toEqual([]);
    expect(warnings.get("j2")?.map((warning) => warning.code)).toEqual(["overlap"]);
    const tray = plannedWarnings(
      [morning, afternoon, colleagues],
      { ...choices, j2: { who: TRAY, time: "" } },
      context,
    );
    expect(tray.has("j2")).toBe(false);
  });

  it("send each job at the version the preview saw; a kept job is not sent", () => {
    const choices = { j1: { who: "sam", time: "10:00" }, j2: { who: TRAY, time: "14:00" } };
    const seen = new Map([["j1", 2]]);
    expect(movesOf([morning, afternoon], choices, seen)).toEqual([
      { jobId: "j1", employeeId: "sam", time: "10:00", version: 2 },
      { jobId: "j2", employeeId: null, time: null, version: 1 },
    ]);
    expect(movesOf([morning], { j1: { who: KEEP, time: "09:00" } }, null)).toEqual([]);
  });

  it("wait for a time before a placed job can be applied", () => {
    expect(lacksTime({ who: "sam", time: "" })).toBe(true);
    expect(lacksTime({ who: "sam", time: "08:30" })).toBe(false);
    expect(lacksTime({ who: TRAY, time: "" })).toBe(false);
    expect(lacksTime(undefined)).toBe(false);
  });
});
