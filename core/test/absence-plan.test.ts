/** The sick-day proposer on days a dispatcher would recognise (core/src/planning/absence-plan.ts). */
import { describe, expect, it } from "vitest";
import { type PlanColleague, proposeAbsencePlan, UNPLACED_REASONS } from "../src/planning/absence-plan";

const WORKDAY = [{ start: "08:00", end: "17:00" }];
const colleague = (id: string, extra: Partial<PlanColleague> = {}): PlanColleague => ({
  id,
  isActive: true,
  hours: WORKDAY,
  timeOff: [],
  jobs: [],
  ...extra,
});
const plan = (jobs: { id: string; time: string; durationMinutes: number }[], colleagues: PlanColleague[]) =>
  proposeAbsencePlan({ date: "2026-11-30", employeeId: "sick", jobs, colleagues });

describe("the sick-day proposer", () => {
  it("spreads the day over the colleagues with the fewest jobs, at the same times", () => {
    const result = plan(
      [
        { id: "j1", time: "09:00", durationMinutes: 60 },
        { id: "j2", time: "11:00", durationMinutes: 60 },
      ],
      [
        colleague("busy", { jobs: [{ id: "b1", time: "14:00", durationMinutes: 60 }] }),
        colleague("free-a"),
        colleague("free-b"),
      ],
    );
    expect(result.moves).toEqual([
      { jobId: "j1", employeeId: "free-a", time: "09:00" },
      { jobId: "j2", employeeId: "free-b", time: "11:00" },
    ]);
    expect(result.unplaced).toEqual([]);
  });

  it("moves a job to the nearest free time when nobody is free at its own", () => {
    const result = plan(
      [{ id: "j1", time: "10:00", durationMinutes: 60 }],
      [colleague("a", { jobs: [{ id: "b1", time: "09:30", durationMinutes: 90 }] })],
    );
    // Free from 08:00 to 09:30 (an hour fits from 08:30) and from 11:00: 11:00 is nearer.
    expect(result.moves).toEqual([{ jobId: "j1", employeeId: "a", time: "11:00" }]);
  });

  it("takes the earlier of two times equally near", () => {
    const result = plan(
      [{ id: "j1", time: "10:00", durationMinutes: 60 }],
      [
        colleague("a", { jobs: [{ id: "b1", time: "09:30", durationMinutes: 60 }] }),
        colleague("b", { hours: [{ start: "11:00", end: "17:00" }] }),
      ],
    );
    // a: free until 09:30 (start 08:30) and from 10:30; b from 11:00. a at 10:30 is nearest.
    expect(result.moves).toEqual([{ jobId: "j1", employeeId: "a", time: "10:30" }]);
  });

  it("never gives work to someone inactive, off or outside their hours", () => {
    const result = plan(
      [{ id: "j1", time: "09:00", durationMinutes: 60 }],
      [
        colleague("inactive", { isActive: false }),
        colleague("off", { timeOff: [{ start: "00:00", end: "24:00" }] }),
        colleague("afternoons", { hours: [{ start: "13:00", end: "17:00" }] }),
      ],
    );
    expect(result.moves).toEqual([{ jobId: "j1", employeeId: "afternoons", time: "13:00" }]);
  });

  it("places the longest of jobs at the same time first", () => {
    const result = plan(
      [
        { id: "j1", time: "09:00", durationMinutes: 60 },
        { id: "j2", time: "09:00", durationMinutes: 180 },
      ],
      [
        colleague("a", { hours: [{ start: "08:00", end: "12:00" }] }),
        colleague("b", { hours: [{ start: "09:00", end: "10:00" }] }),
      ],
    );
    expect(result.unplaced).toEqual([]);
    expect(result.moves).toEqual([
      { jobId: "j2", employeeId: "a", time: "09:00" },
      { jobId: "j1", employeeId: "b", time: "09:00" },
    ]);
  });

  it("frees room by moving a job it placed earlier (the repair step)", () => {
    // The greedy pass gives j1 (08:00) to "a" (fewest jobs, then id); j2 then fits nowhere:
    // "a" has 09:00–12:00 left and "b" one hour. Repaired: j2 on "a" at 08:30, j1 on "b".
    const result = plan(
      [
        { id: "j1", time: "08:00", durationMinutes: 60 },
        { id: "j2", time: "08:30", durationMinutes: 210 },
      ],
      [
        colleague("a", { hours: [{ start: "08:00", end: "12:00" }] }),
        colleague("b", { hours: [{ start: "08:00", end: "09:00" }] }),
      ],
    );
    expect(result.unplaced).toEqual([]);
    expect(result.moves).toEqual([
      { jobId: "j1", employeeId: "b", time: "08:00" },
      { jobId: "j2", employeeId: "a", time: "08:30" },
    ]);
  });

  it("treats hours that meet as one stretch", () => {
    const result = plan(
      [{ id: "j1", time: "11:00", durationMinutes: 120 }],
      [
        colleague("a", {
          hours: [
            { start: "08:00", end: "12:00" },
            { start: "12:00", end: "17:00" },
          ],
        }),
      ],
    );
    expect(result.moves).toEqual([{ jobId: "j1", employeeId: "a", time: "11:00" }]);
  });

  it("lists what it cannot place, with the reason", () => {
    const job = { id: "j1", time: "09:00", durationMinutes: 60 };
    expect(plan([job], []).unplaced).toEqual([{ jobId: "j1", reason: UNPLACED_REASONS.noColleague }]);
    expect(plan([job], [colleague("a", { hours: [] })]).unplaced).toEqual([
      { jobId: "j1", reason: UNPLACED_REASONS.nobodyWorking },
    ]);
    expect(
      plan([job], [colleague("a", { jobs: [{ id: "b", time: "08:00", durationMinutes: 540 }] })]).unplaced,
    ).toEqual([{ jobId: "j1", reason: UNPLACED_REASONS.noRoom }]);
  });
});
