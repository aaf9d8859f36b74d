/**
 * The sick-day proposer (docs/time-off.md): given one absent employee's jobs
 * on one date and everyone else's day, who could take each job and when. Pure and
 * deterministic: no database, no clock, and the answer does not depend on the order the
 * caller lists jobs or people in (every choice ends in a tie-break by id).
 *
 * The method is a greedy pass with one step of repair (docs/decisions.md): jobs are placed
 * earliest first, each on a colleague who holds the skills it needs (docs/schedule.md,
 * "Skills"; nobody else, however free), nearest its own time (the same time first), then
 * the one it adds the least drive to that day (the job's place against the colleague's jobs
 * before and after it; unknown without places, and then neutral), then the one with the
 * fewest jobs that day; a job nobody can take may still be placed by moving one job placed
 * earlier in this plan to someone else. A day holds a
 * handful of jobs and people, so this is instant, easy to explain in the preview, and the
 * office corrects any move before applying it.
 *
 * Hard rules, never broken (core/test/absence-plan.property.test.ts): the date stays; a job
 * goes only to an active colleague, inside their working hours that day, outside their time
 * off, and never overlapping another of their jobs (by job length), counting the jobs this
 * plan gives them.
 */
import {
  clockTime,
  DEFAULT_DRIVE_MODEL,
  type DriveModel,
  estimateDriveMinutes,
  fitsSkills,
  type LatLng,
  minutesOfDay,
  skillsText,
} from "@sched/shared-types";

/** A part of a day, in "HH:mm"; an end of "24:00" is midnight at the day's end. */
export type DayWindow = { start: string; end: string };

/** A job to hand over: where it is and the skills it needs choose among who could take it. */
export type PlanJob = {
  id: string;
  time: string;
  durationMinutes: number;
  requiredSkills?: readonly string[];
  place?: LatLng | null;
};

/** A job a colleague already has that day (cancelled ones are left out by the caller). */
export type BusyJob = { id: string; time: string; durationMinutes: number; place?: LatLng | null };

export type PlanColleague = {
  id: string;
  isActive: boolean;
  /**
   * When they work on the date: their own weekly pattern's windows for that weekday, or the
   * company's working hours on a working day; empty when they do not work that day.
   */
  hours: DayWindow[];
  /** Their approved time off that day (a whole day is 00:00–24:00). */
  timeOff: DayWindow[];
  jobs: BusyJob[];
  /** The company skills they hold. */
  skills?: readonly string[];
};

export type AbsencePlanInput = {
  date: string;
  employeeId: string;
  jobs: PlanJob[];
  colleagues: PlanColleague[];
  /** The company's drive model (shared-types/src/drive-time.ts); left out, the default. */
  drive?: DriveModel;
};

export type ProposedMove = { jobId: string; employeeId: string; time: string };
export type UnplacedJob = { jobId: string; reason: string };

export type AbsenceProposal = {
  date: string;
  employeeId: string;
  moves: ProposedMove[];
  unplaced: UnplacedJob[];
};

export const UNPLACED_REASONS = {
  noColleague: "No other active employee",
  nobodyWorking: "No one else works that day",
  noRoom: "No one has room for it that day",
  /** "No one else has gas": no active colleague holds every skill the job needs. */
  noSkill: (skills: readonly string[]) => `No one else has ${skillsText(skills)}`,
  /** "No one with gas has room for it that day" */
  noSkilledRoom: (skills: readonly string[]) => `No one with ${skillsText(skills)} has room for it that day`,
} as const;

const DAY_END = 24 * 60;

/** [start, end) in minutes of the day; a job's span carries its place when it has one. */
type Span = { start: number; end: number; place?: LatLng | null };

const spanOfWindow = (window: DayWindow): Span => ({
  start: minutesOfDay(window.start),
  end: Math.min(minutesOfDay(window.end), DAY_END),
});

const spanOfJob = (job: { time: string; durationMinutes: number; place?: LatLng | null }): Span => {
  const start = minutesOfDay(job.time);
  return { start, end: start + job.durationMinutes, place: job.place ?? null };
};

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The spans of `spans` minus every span of `cuts`, sorted, touching spans kept apart. */
function subtract(spans: Span[], cuts: Span[]): Span[] {
  let free = spans.filter((span) => span.end > span.start);
  for (const cut of cuts) {
    free = free.flatMap((span) => {
      if (cut.end <= span.start || cut.start >= span.end) return [span];
      const parts: Span[] = [];
      if (cut.start > span.start) parts.push({ start: span.start, end: cut.start });
      if (cut.end < span.end) parts.push({ start: cut.end, end: span.end });
      return parts;
    });
  }
  return free.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Overlapping or touching spans joined: 08:00–12:00 and 12:00–17:00 is one stretch of work. */
function union(spans: Span[]): Span[] {
  const sorted = spans.filter((span) => span.end > span.start).sort((a, b) => a.start - b.start);
  const joined: Span[] = [];
  for (const span of sorted) {
    const last = joined.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined;
}

/** A colleague as the plan goes: their free time shrinks as jobs are given to them. */
type Desk = {
  id: string;
  hours: Span[];
  /** Their jobs that day (and those this plan gives them); hours off have no place. */
  blocked: Span[];
  jobCount: number;
  skills: readonly string[];
};

/** The start nearest `wanted` at which `length` minutes fit in the desk's free time; earlier wins a tie. */
function nearestStart(desk: Desk, wanted: number, length: number): number | undefined {
  let best: number | undefined;
  for (const free of subtract(desk.hours, desk.blocked)) {
    if (free.end - free.start < length) continue;
    const start = Math.min(Math.max(wanted, free.start), free.end - length);
    const distance = Math.abs(start - wanted);
    if (best === undefined || distance < Math.abs(best - wanted)) best = start;
  }
  return best;
}

/** `drive` is the minutes the job adds to the colleague's driving that day, null when unknown. */
type Offer = { desk: Desk; start: number; distance: number; drive: number | null };

/**
 * The minutes a job at `span` adds to the desk's driving: from the job before it to this
 * one and on to the next, less the drive between those two. Null (unknown) when the job or
 * one of those neighbours has no place; 0 with no job before or after it.
 */
export function addedDriveMinutes(
  blocked: readonly Span[],
  span: Span,
  drive: DriveModel = DEFAULT_DRIVE_MODEL,
): number | null {
  let before: Span | undefined;
  let after: Span | undefined;
  for (const other of blocked) {
    if (other.place === undefined) continue; // time off, not a job
    if (other.end <= span.start && (!before || other.end > before.end)) before = other;
    if (other.start >= span.end && (!after || other.start < after.start)) after = other;
  }
  if (!before && !after) return 0;
  if (!span.place || (before && !before.place) || (after && !after.place)) return null;
  const minutes = (from: LatLng, to: LatLng) => estimateDriveMinutes(from, to, drive);
  const into = before?.place ? minutes(before.place, span.place) : 0;
  const out = after?.place ? minutes(span.place, after.place) : 0;
  const saved = before?.place && after?.place ? minutes(before.place, after.place) : 0;
  return Math.max(0, into + out - saved);
}

/**
 * Whether `offer` beats `best`: nearer the job's time, then less added drive (compared only
 * when both are known: an unknown drive is neutral), then fewer jobs that day, then earlier.
 */
function isBetter(offer: Offer, best: Offer): boolean {
  if (offer.distance !== best.distance) return offer.distance < best.distance;
  if (offer.drive !== null && best.drive !== null && offer.drive !== best.drive)
    return offer.drive < best.drive;
  if (offer.desk.jobCount !== best.desk.jobCount) return offer.desk.jobCount < best.desk.jobCount;
  return offer.start < best.start;
}

/**
 * The best colleague and time for a job among those holding every skill it needs: nearest
 * its time, then least added drive, then fewest jobs that day, then id.
 */
function bestOffer(desks: Desk[], job: PlanJob, drive: DriveModel, except?: Desk): Offer | undefined {
  const wanted = minutesOfDay(job.time);
  let best: Offer | undefined;
  for (const desk of desks) {
    if (desk === except || !fitsSkills(job.requiredSkills, desk.skills)) continue;
    const start = nearestStart(desk, wanted, job.durationMinutes);
    if (start === undefined) continue;
    const span = { start, end: start + job.durationMinutes, place: job.place ?? null };
    const offer = {
      desk,
      start,
      distance: Math.abs(start - wanted),
      drive: addedDriveMinutes(desk.blocked, span, drive),
    };
    if (!best || isBetter(offer, best)) best = offer;
  }
  return best;
}

const spanAt = (job: PlanJob, start: number): Span => ({
  start,
  end: start + job.durationMinutes,
  place: job.place ?? null,
});

type Placement = { job: PlanJob; desk: Desk; span: Span };

function take(desk: Desk, span: Span) {
  desk.blocked.push(span);
  desk.jobCount += 1;
}

function release(desk: Desk, span: Span) {
  desk.blocked.splice(desk.blocked.indexOf(span), 1);
  desk.jobCount -= 1;
}

/**
 * The repair step for a job nobody can take: move one job placed earlier in this plan to
 * another colleague (or time) if that frees room for it. The first placement that works,
 * in the order they were made, wins.
 */
function placeByRepair(desks: Desk[], placements: Placement[], job: PlanJob, drive: DriveModel): boolean {
  for (const earlier of placements) {
    release(earlier.desk, earlier.span);
    const offer = bestOffer(desks, job, drive);
    if (offer) {
      const span = spanAt(job, offer.start);
      take(offer.desk, span);
      const moved = bestOffer(desks, earlier.job, drive);
      if (moved) {
        const movedSpan = spanAt(earlier.job, moved.start);
        take(moved.desk, movedSpan);
        earlier.desk = moved.desk;
        earlier.span = movedSpan;
        placements.push({ job, desk: offer.desk, span });
        return true;
      }
      release(offer.desk, span);
    }
    take(earlier.desk, earlier.span);
  }
  return false;
}

function reasonUnplaced(colleagues: PlanColleague[], desks: Desk[], job: PlanJob): string {
  if (!colleagues.some((colleague) => colleague.isActive)) return UNPLACED_REASONS.noColleague;
  const needs = job.requiredSkills ?? [];
  const skilled = desks.filter((desk) => fitsSkills(needs, desk.skills));
  if (needs.length > 0 && skilled.length === 0) return UNPLACED_REASONS.noSkill(needs);
  if (desks.every((desk) => subtract(desk.hours, []).length === 0)) return UNPLACED_REASONS.nobodyWorking;
  return needs.length > 0 ? UNPLACED_REASONS.noSkilledRoom(needs) : UNPLACED_REASONS.noRoom;
}

/** The proposal for `input`: every job either moved or listed as unplaced with its reason. */
export function proposeAbsencePlan(input: AbsencePlanInput): AbsenceProposal {
  const colleagues = input.colleagues.filter((colleague) => colleague.id !== input.employeeId).sort(byId);
  const desks: Desk[] = colleagues
    .filter((colleague) => colleague.isActive)
    .map((colleague) => ({
      id: colleague.id,
      // Time off is cut out of the working hours once: what is left is when they can work.
      hours: subtract(union(colleague.hours.map(spanOfWindow)), colleague.timeOff.map(spanOfWindow)),
      blocked: colleague.jobs.map(spanOfJob),
      jobCount: colleague.jobs.length,
      skills: colleague.skills ?? [],
    }));
  const drive = input.drive ?? DEFAULT_DRIVE_MODEL;
  const jobs = [...input.jobs].sort(
    (a, b) =>
      minutesOfDay(a.time) - minutesOfDay(b.time) || b.durationMinutes - a.durationMinutes || byId(a, b),
  );
  const placements: Placement[] = [];
  const unplaced: UnplacedJob[] = [];
  for (const job of jobs) {
    const offer = bestOffer(desks, job, drive);
    if (offer) {
      const span = spanAt(job, offer.start);
      take(offer.desk, span);
      placements.push({ job, desk: offer.desk, span });
    } else if (!placeByRepair(desks, placements, job, drive)) {
      unplaced.push({ jobId: job.id, reason: reasonUnplaced(colleagues, desks, job) });
    }
  }
  const order = new Map(jobs.map((job, index) => [job.id, index]));
  const moves = placements
    .map((placement) => ({
      jobId: placement.job.id,
      employeeId: placement.desk.id,
      time: clockTime(placement.span.start),
    }))
    .sort((a, b) => (order.get(a.jobId) ?? 0) - (order.get(b.jobId) ?? 0));
  return { date: input.date, employeeId: input.employeeId, moves, unplaced };
}
