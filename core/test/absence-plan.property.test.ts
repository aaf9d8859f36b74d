/**
 * The sick-day proposer's rules (core/src/planning/absence-plan.ts) over random days: no
 * proposal ever gives a job to the absent employee, to someone inactive, outside their
 * hours, on their time off, or overlapping another of their jobs; every job is answered
 * once; and the answer does not depend on the order of the input.
 */
import { clockTime, minutesOfDay } from "@sched/shared-types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AbsencePlanInput,
  type AbsenceProposal,
  type DayWindow,
  type PlanColleague,
  proposeAbsencePlan,
} from "../src/planning/absence-plan";

const ABSENT = "e-absent";

/** Quarter-hour times of a day, as jobs and hours have them. */
const quarter = (from = 0, to = 95) => fc.integer({ min: from, max: to }).map((q) => q * 15);

const windowArb: fc.Arbitrary<DayWindow> = fc
  .tuple(quarter(0, 95), fc.integer({ min: 1, max: 48 }))
  .map(([start, length]) => ({
    start: clockTime(start),
    end: clockTime(Math.min(start + length * 15, 1440)),
  }));

const jobArb = (prefix: string) =>
  fc.record({
    id: fc.integer({ min: 0, max: 9999 }).map((n) => `${prefix}-${n}`),
    time: quarter(0, 92).map(clockTime),
    durationMinutes: fc.integer({ min: 1, max: 16 }).map((q) => q * 15),
  });

const colleagueArb: fc.Arbitrary<PlanColleague> = fc.record({
  id: fc.integer({ min: 0, max: 30 }).map((n) => `e-${n}`),
  isActive: fc.boolean(),
  hours: fc.array(windowArb, { maxLength: 2 }),
  timeOff: fc.array(windowArb, { maxLength: 2 }),
  jobs: fc.array(jobArb("busy"), { maxLength: 4 }),
});

const uniqueBy = <T extends { id: string }>(items: T[]) => [
  ...new Map(items.map((item) => [item.id, item])).values(),
];

const inputArb: fc.Arbitrary<AbsencePlanInput> = fc
  .record({
    jobs: fc.array(jobArb("job"), { maxLength: 8 }),
    colleagues: fc.array(colleagueArb, { maxLength: 6 }),
    includeAbsent: fc.boolean(),
  })
  .map(({ jobs, colleagues, includeAbsent }) => ({
    date: "2026-11-30",
    employeeId: ABSENT,
    jobs: uniqueBy(jobs),
    colleagues: uniqueBy([
      ...colleagues,
      // The absent employee may be in the list the caller passes: they must never be chosen.
      ...(includeAbsent
        ? [{ id: ABSENT, isActive: true, hours: [{ start: "00:00", end: "24:00" }], timeOff: [], jobs: [] }]
        : []),
    ]),
  }));

type Span = { start: number; end: number };
const spanOf = (time: string, length: number): Span => ({
  start: minutesOfDay(time),
  end: minutesOfDay(time) + length,
});
const windowSpan = (window: DayWindow): Span => ({
  start: minutesOfDay(window.start),
  end: minutesOfDay(window.end),
});
const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** Whether `span` lies inside the colleague's hours, windows that meet or overlap counting as one. */
function withinHours(hours: DayWindow[], span: Span): boolean {
  const sorted = hours.map(windowSpan).sort((a, b) => a.start - b.start);
  let reach = span.start;
  for (const window of sorted) {
    if (window.start <= reach && window.end > reach) reach = window.end;
  }
  return reach >= span.end;
}

/** Whether the colleague could take a job at exactly this span, nothing else given to them. */
function isFreeFor(colleague: PlanColleague, span: Span): boolean {
  return (
    colleague.id !== ABSENT &&
    colleague.isActive &&
    span.end <= 1440 &&
    withinHours(colleague.hours, span) &&
    !colleague.timeOff.some((window) => overlaps(windowSpan(window), span)) &&
    !colleague.jobs.some((busy) => overlaps(spanOf(busy.time, busy.durationMinutes), span))
  );
}

/** Every hard rule of one proposal; the first broken one as text, or undefined. */
function brokenRule(input: AbsencePlanInput, plan: AbsenceProposal): string | undefined {
  if (plan.date !== input.date || plan.employeeId !== input.employeeId) return "date or employee changed";
  const answered = [...plan.moves.map((move) => move.jobId), ...plan.unplaced.map((job) => job.jobId)];
  if (answered.length !== input.jobs.length || new Set(answered).size !== answered.length) {
    return "a job is missing or answered twice";
  }
  if (!input.jobs.every((job) => answered.includes(job.id))) return "a job is missing";
  const given = new Map<string, Span[]>();
  for (const move of plan.moves) {
    const job = input.jobs.find((candidate) => candidate.id === move.jobId);
    const colleague = input.colleagues.find((candidate) => candidate.id === move.employeeId);
    if (!job || !colleague) return "a move names an unknown job or person";
    if (colleague.id === ABSENT) return "a job went back to the absent employee";
    if (!colleague.isActive) return "a job went to someone inactive";
    const span = spanOf(move.time, job.durationMinutes);
    if (span.end > 1440) return "a job runs past midnight";
    if (!withinHours(colleague.hours, span)) return "a job is outside someone's hours";
    if (colleague.timeOff.some((window) => overlaps(windowSpan(window), span))) return "a job is on time off";
    const theirs = [
      ...colleague.jobs.map((busy) => spanOf(busy.time, busy.durationMinutes)),
      ...(given.get(colleague.id) ?? []),
    ];
    if (theirs.some((other) => overlaps(other, span))) return "a job overlaps another";
    given.set(colleague.id, [...(given.get(colleague.id) ?? []), span]);
  }
  return undefined;
}

const shuffled = <T>(items: T[], seed: number) =>
  items
    .map((item, index) => ({ item, key: (index * 7919 + seed * 104729) % 1000003 }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

describe("the sick-day proposer's rules", () => {
  it("never breaks a rule, and answers every job exactly once", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(brokenRule(input, proposeAbsencePlan(input))).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it("gives the same answer for the same data, in whatever order it is listed", () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 1000 }), (input, seed) => {
        const reordered = {
          ...input,
          jobs: shuffled(input.jobs, seed),
          colleagues: shuffled(input.colleagues, seed + 1).map((colleague) => ({
            ...colleague,
            jobs: shuffled(colleague.jobs, seed + 2),
          })),
        };
        expect(proposeAbsencePlan(reordered)).toEqual(proposeAbsencePlan(input));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a lone job's time when anyone is free then, and gives it to whoever has the fewest jobs", () => {
    fc.assert(
      fc.property(jobArb("job"), fc.array(colleagueArb, { maxLength: 6 }), (job, colleagues) => {
        const input = {
          date: "2026-11-30",
          employeeId: ABSENT,
          jobs: [job],
          colleagues: uniqueBy(colleagues),
        };
        const plan = proposeAbsencePlan(input);
        const span = spanOf(job.time, job.durationMinutes);
        const freeThen = input.colleagues.filter((colleague) => isFreeFor(colleague, span));
        if (freeThen.length === 0) return;
        const [move] = plan.moves;
        expect(move?.time).toBe(job.time);
        const fewest = Math.min(...freeThen.map((colleague) => colleague.jobs.length));
        const chosen = input.colleagues.find((colleague) => colleague.id === move?.employeeId);
        expect(chosen?.jobs.length).toBe(fewest);
      }),
      { numRuns: 300 },
    );
  });

  it("places a job whenever some colleague has room for it alone", () => {
    fc.assert(
      fc.property(jobArb("job"), fc.array(colleagueArb, { maxLength: 6 }), (job, colleagues) => {
        const input = {
          date: "2026-11-30",
          employeeId: ABSENT,
          jobs: [job],
          colleagues: uniqueBy(colleagues),
        };
        const someoneHasRoom = input.colleagues.some(
          (colleague) => proposeAbsencePlan({ ...input, colleagues: [colleague] }).moves.length === 1,
        );
        expect(proposeAbsencePlan(input).moves.length).toBe(someoneHasRoom ? 1 : 0);
      }),
      { numRuns: 300 },
    );
  });
});
