/**
 * The sick-day proposer's choice by skills and drive time (core/src/planning/absence-plan.ts,
 * docs/time-off.md): a job needing skills goes only to someone holding them; among those
 * free at its time, the one it adds the least drive to; without places, as before.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addedDriveMinutes,
  type PlanColleague,
  type PlanJob,
  proposeAbsencePlan,
  UNPLACED_REASONS,
} from "../src/planning/absence-plan";

const WORKDAY = [{ start: "08:00", end: "17:00" }];
const colleague = (id: string, extra: Partial<PlanColleague> = {}): PlanColleague => ({
  id,
  isActive: true,
  hours: WORKDAY,
  timeOff: [],
  jobs: [],
  ...extra,
});
const plan = (jobs: PlanJob[], colleagues: PlanColleague[]) =>
  proposeAbsencePlan({ date: "2026-11-30", employeeId: "sick", jobs, colleagues });

// Chicago's Loop, a street away, and Evanston some 20 km north.
const LOOP = { lat: 41.8781, lng: -87.6298 };
const NEAR_LOOP = { lat: 41.8801, lng: -87.6278 };
const EVANSTON = { lat: 42.0451, lng: -87.6877 };

describe("the sick-day proposer and skills", () => {
  it("gives a job needing gas only to someone with gas, even a busier one", () => {
    const result = plan(
      [{ id: "j1", time: "09:00", durationMinutes: 60, requiredSkills: ["gas"] }],
      [
        colleague("a-free"),
        colleague("b-gas", { skills: ["Gas"], jobs: [{ id: "b1", time: "14:00", durationMinutes: 60 }] }),
      ],
    );
    expect(result.moves).toEqual([{ jobId: "j1", employeeId: "b-gas", time: "09:00" }]);
  });

  it("leaves the job unplaced and says why when nobody has the skill, or nobody with it has room", () => {
    const nobody = plan(
      [{ id: "j1", time: "09:00", durationMinutes: 60, requiredSkills: ["gas", "backflow tester"] }],
      [colleague("a", { skills: ["gas"] })],
    );
    expect(nobody.moves).toEqual([]);
    expect(nobody.unplaced).toEqual([{ jobId: "j1", reason: "No one else has gas and backflow tester" }]);
    expect(UNPLACED_REASONS.noSkill(["gas"])).toBe("No one else has gas");

    const full = plan(
      [{ id: "j1", time: "09:00", durationMinutes: 60, requiredSkills: ["gas"] }],
      [
        colleague("a-free"),
        colleague("b-gas", {
          skills: ["gas"],
          hours: [{ start: "08:00", end: "09:30" }],
          jobs: [{ id: "b1", time: "08:00", durationMinutes: 90 }],
        }),
      ],
    );
    expect(full.unplaced).toEqual([{ jobId: "j1", reason: "No one with gas has room for it that day" }]);
  });

  it("never proposes someone lacking a needed skill when someone holding it is free (property)", () => {
    const skill = fc.constantFrom("gas", "backflow tester");
    const arb = fc.record({
      needs: fc.uniqueArray(skill, { maxLength: 2 }),
      people: fc.array(fc.record({ skills: fc.uniqueArray(skill, { maxLength: 2 }), busy: fc.boolean() }), {
        minLength: 1,
        maxLength: 5,
      }),
    });
    fc.assert(
      fc.property(arb, ({ needs, people }) => {
        const colleagues = people.map((person, index) =>
          colleague(`c${index}`, {
            skills: person.skills,
            jobs: person.busy ? [{ id: `b${index}`, time: "08:00", durationMinutes: 540 }] : [],
          }),
        );
        const result = plan(
          [{ id: "j1", time: "09:00", durationMinutes: 60, requiredSkills: needs }],
          colleagues,
        );
        const holds = (c: PlanColleague) => needs.every((need) => c.skills?.includes(need));
        const [move] = result.moves;
        if (move) return holds(colleagues.find((c) => c.id === move.employeeId) as PlanColleague);
        return !colleagues.some((c) => holds(c) && c.jobs.length === 0);
      }),
    );
  });
});

describe("the sick-day proposer and drive time", () => {
  it("prefers the colleague whose day the job adds the least drive to", () => {
    const result = plan(
      [{ id: "j1", time: "11:00", durationMinutes: 60, place: NEAR_LOOP }],
      [
        colleague("a-evanston", {
          jobs: [{ id: "a1", time: "09:00", durationMinutes: 60, place: EVANSTON }],
        }),
        colleague("b-loop", {
          jobs: [
            { id: "b1", time: "09:00", durationMinutes: 60, place: LOOP },
            { id: "b2", time: "14:00", durationMinutes: 60, place: LOOP },
          ],
        }),
      ],
    );
    // b has more jobs that day, but the job is a street from both of them.
    expect(result.moves).toEqual([{ jobId: "j1", employeeId: "b-loop", time: "11:00" }]);
  });

  it("treats a job without a place as unknown drive: the fewest jobs decide, as before", () => {
    const result = plan(
      [{ id: "j1", time: "11:00", durationMinutes: 60, place: null }],
      [
        colleague("a", { jobs: [{ id: "a1", time: "09:00", durationMinutes: 60, place: EVANSTON }] }),
        colleague("b", {
          jobs: [
            { id: "b1", time: "09:00", durationMinutes: 60, place: LOOP },
            { id: "b2", time: "14:00", durationMinutes: 60, place: LOOP },
          ],
        }),
      ],
    );
    expect(result.moves).toEqual([{ jobId: "j1", employeeId: "a", time: "11:00" }]);
  });

  it("still keeps the job's time first: drive never moves it later", () => {
    const result = plan(
      [{ id: "j1", time: "10:00", durationMinutes: 60, place: LOOP }],
      [
        colleague("far-free", { jobs: [{ id: "f1", time: "08:00", durationMinutes: 60, place: EVANSTON }] }),
        colleague("near-busy", { jobs: [{ id: "n1", time: "09:30", durationMinutes: 60, place: LOOP }] }),
      ],
    );
    expect(result.moves).toEqual([{ jobId: "j1", employeeId: "far-free", time: "10:00" }]);
  });

  it("counts the drive into the job and on to the next, less the drive it replaces", () => {
    const job = (start: number, place: typeof LOOP | null) => ({ start, end: start + 60, place });
    expect(addedDriveMinutes([], job(600, LOOP))).toBe(0);
    expect(addedDriveMinutes([job(480, LOOP)], job(600, LOOP))).toBe(0);
    const there = addedDriveMinutes([job(480, LOOP)], job(600, EVANSTON)) as number;
    expect(there).toBeGreaterThan(30);
    // Between two jobs in Evanston, going there again adds nothing; the Loop adds both ways.
    const between = [job(480, EVANSTON), job(720, EVANSTON)];
    expect(addedDriveMinutes(between, job(600, EVANSTON))).toBe(0);
    expect(addedDriveMinutes(between, job(600, LOOP))).toBe(2 * there);
    expect(addedDriveMinutes([job(480, null)], job(600, LOOP))).toBeNull();
    expect(addedDriveMinutes([job(480, LOOP)], job(600, null))).toBeNull();
  });
});
