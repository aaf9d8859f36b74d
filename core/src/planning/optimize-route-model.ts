/**
 * The optimizer's model of a day (optimize-route.ts): its input and answer, free time as
 * spans of minutes, one technician's route with its drive matrix, and the rules an order
 * must keep (evaluate) and the times it gets (timesOf).
 */
import { minutesOfDay } from "@sched/shared-types";

/** A part of a day, in "HH:mm"; an end of "24:00" is midnight at the day's end. */
export type DayWindow = { start: string; end: string };
export type Point = { lat: number; lng: number };

export type OptimizeJob = {
  id: string;
  employeeId: string;
  time: string;
  durationMinutes: number;
  place: Point | null;
  arrivalWindow: DayWindow | null;
  flexible: boolean;
  /** Started, done or otherwise not to be moved: kept whatever its window (the caller decides). */
  locked?: boolean;
  requiredSkills: readonly string[];
  version: number;
};

export type OptimizeTechnician = {
  id: string;
  /** When they work that day: their availability, or the company's hours; empty when off. */
  hours: DayWindow[];
  /** Approved time off that day (a whole day is 00:00–24:00). */
  timeOff: DayWindow[];
  skills: readonly string[];
};

export type OptimizeInput = {
  technicians: OptimizeTechnician[];
  /** Their jobs that day (cancelled ones left out by the caller). */
  jobs: OptimizeJob[];
  /** Team mode: flexible jobs may change technician. */
  reassign?: boolean;
  driveMinutes: (from: Point, to: Point) => number;
  /** Force a method (the bench compares them); by default exact up to EXACT_LIMIT moving stops. */
  method?: "auto" | "exact" | "heuristic";
};

export type OptimizeMove = { jobId: string; employeeId: string; time: string; version: number };
export type OptimizeUnplaced = { jobId: string; reason: string };
export type OptimizeResult = {
  moves: OptimizeMove[];
  savedMinutes: number;
  unplaced: OptimizeUnplaced[];
  /** Drive minutes of the day as given and as answered (the answer's is never more). */
  driveBefore: number;
  driveAfter: number;
};

export const EXACT_LIMIT = 9;
/** Moving jobs start on a 5-minute mark: a customer is told 9:35, never 9:37. */
export const START_STEP = 5;

export const OPTIMIZE_REASONS = {
  noPlace: "No place",
  noRoom: "Does not fit its window within the working hours",
  noOrder: "No order keeps the fixed jobs, the windows and the hours",
} as const;

export const DAY_END = 24 * 60;
export type Span = { start: number; end: number };

export const spanOf = (window: DayWindow): Span => ({
  start: minutesOfDay(window.start),
  end: Math.min(window.end === "24:00" ? DAY_END : minutesOfDay(window.end), DAY_END),
});

export function union(spans: Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const joined: Span[] = [];
  for (const span of sorted) {
    const last = joined.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined;
}

export function subtract(spans: Span[], cuts: Span[]): Span[] {
  let free = spans.filter((s) => s.end > s.start);
  for (const cut of cuts) {
    if (cut.end <= cut.start) continue;
    free = free.flatMap((span) => {
      if (cut.end <= span.start || cut.start >= span.end) return [span];
      const parts: Span[] = [];
      if (cut.start > span.start) parts.push({ start: span.start, end: cut.start });
      if (cut.end < span.end) parts.push({ start: cut.end, end: span.end });
      return parts;
    });
  }
  return free.sort((a, b) => a.start - b.start);
}

export const roundUp = (minutes: number) => Math.ceil(minutes / START_STEP) * START_STEP;
export const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Whether a job may move at all: a window or flexible, not locked. */
export const isMovable = (job: OptimizeJob) => !job.locked && (job.flexible || job.arrivalWindow !== null);

/** A technician's free time for moving jobs: hours minus time off minus the jobs that stay. */
export function freeTime(tech: OptimizeTechnician, staying: OptimizeJob[]): Span[] {
  const hours = union(tech.hours.map(spanOf));
  const cuts = [
    ...tech.timeOff.map(spanOf),
    ...staying.map((job) => {
      const start = minutesOfDay(job.time);
      return { start, end: start + job.durationMinutes };
    }),
  ];
  return subtract(hours, cuts);
}

/**
 * One technician's day as the search sees it: stops 0..F-1 are the placed jobs that stay
 * (in time order), F..N-1 the moving ones. `drive` is the matrix between them.
 */
export type Route = {
  techId: string;
  stops: OptimizeJob[];
  fixedCount: number;
  start: number[];
  dur: number[];
  windowStart: number[];
  windowEnd: number[];
  free: Span[];
  drive: number[][];
  minIn: number[];
};

/**
 * The day's jobs numbered once: their start in minutes, and the drive between two of them
 * asked for once (the team pass builds the same pairs again and again).
 */
export class DayCache {
  private readonly index = new Map<OptimizeJob, number>();
  private readonly starts: number[];
  private readonly minutes: Float64Array;
  constructor(
    jobs: OptimizeJob[],
    private readonly driveMinutes: OptimizeInput["driveMinutes"],
  ) {
    for (const [i, job] of jobs.entries()) this.index.set(job, i);
    this.starts = jobs.map((job) => minutesOfDay(job.time));
    this.minutes = new Float64Array(jobs.length * jobs.length).fill(-1);
  }
  start(job: OptimizeJob): number {
    return this.starts[this.index.get(job)!]!;
  }
  drive(from: OptimizeJob, to: OptimizeJob): number {
    if (from === to || !from.place || !to.place) return 0;
    const key = this.index.get(from)! * this.starts.length + this.index.get(to)!;
    let minutes = this.minutes[key]!;
    if (minutes < 0) {
      minutes = Math.max(0, this.driveMinutes(from.place, to.place));
      this.minutes[key] = minutes;
    }
    return minutes;
  }
}

export const originalOrder = (jobs: OptimizeJob[], cache: DayCache) =>
  [...jobs].sort((a, b) => cache.start(a) - cache.start(b) || byId(a, b));

export function buildRoute(
  tech: OptimizeTechnician,
  staying: OptimizeJob[],
  moving: OptimizeJob[],
  cache: DayCache,
): Route {
  const fixed = originalOrder(
    staying.filter((job) => job.place),
    cache,
  );
  const movers = originalOrder(moving, cache);
  const stops = [...fixed, ...movers];
  const drive = stops.map((from) => stops.map((to) => cache.drive(from, to)));
  const minIn = stops.map((_, to) => {
    let best = Number.POSITIVE_INFINITY;
    for (let from = 0; from < stops.length; from++) if (from !== to) best = Math.min(best, drive[from]![to]!);
    return Number.isFinite(best) ? best : 0;
  });
  return {
    techId: tech.id,
    stops,
    fixedCount: fixed.length,
    start: stops.map((job) => cache.start(job)),
    dur: stops.map((job) => job.durationMinutes),
    windowStart: stops.map((job) => (job.arrivalWindow ? spanOf(job.arrivalWindow).start : 0)),
    windowEnd: stops.map((job) => (job.arrivalWindow ? spanOf(job.arrivalWindow).end : DAY_END)),
    free: freeTime(tech, staying),
    drive,
    minIn,
  };
}

/** The earliest start of moving stop `s` at or after `ready` in free time and inside its window. */
export function earliestStart(route: Route, s: number, ready: number): number | null {
  const length = route.dur[s]!;
  const latest = route.windowEnd[s]!;
  const from = roundUp(Math.max(ready, route.windowStart[s]!, 0));
  for (const span of route.free) {
    if (span.end - span.start < length) continue;
    const t = Math.max(from, roundUp(span.start));
    if (t > latest) return null;
    if (t + length <= span.end) return t;
  }
  return null;
}

/** Drive minutes of an order, or null when it breaks a rule; stops early past `bound`. */
export function evaluate(
  route: Route,
  order: number[],
  bound = Number.POSITIVE_INFINITY,
  starts?: number[],
): number | null {
  let cost = 0;
  let prev = -1;
  let prevEnd = Number.NEGATIVE_INFINITY;
  const F = route.fixedCount;
  for (let k = 0; k < order.length; k++) {
    const s = order[k]!;
    const d = prev >= 0 ? route.drive[prev]![s]! : 0;
    cost += d;
    if (cost > bound) return null;
    let t: number;
    if (s < F) {
      t = route.start[s]!;
      if (prev >= F && prevEnd + d > t) return null;
    } else {
      const found = earliestStart(route, s, prevEnd + d);
      if (found === null) return null;
      t = found;
    }
    if (starts) starts[k] = t;
    prev = s;
    prevEnd = t + route.dur[s]!;
  }
  return cost;
}

/** The drive of the order the day was given in (placed stops by time), rules unchecked. */
export function givenDrive(route: Route): number {
  const order = route.stops
    .map((_, i) => i)
    .sort((a, b) => route.start[a]! - route.start[b]! || byId(route.stops[a]!, route.stops[b]!));
  let cost = 0;
  for (let k = 1; k < order.length; k++) cost += route.drive[order[k - 1]!]![order[k]!]!;
  return cost;
}

/**
 * The times of an order: a moving job keeps its own time where that is allowed and the
 * rest of the order still fits, else starts as early as it can.
 */
export function timesOf(route: Route, order: number[]): number[] {
  const F = route.fixedCount;
  const starts: number[] = [];
  let prev = -1;
  let prevEnd = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < order.length; k++) {
    const s = order[k]!;
    const d = prev >= 0 ? route.drive[prev]![s]! : 0;
    let t: number;
    if (s < F) t = route.start[s]!;
    else {
      t = earliestStart(route, s, prevEnd + d)!;
      const own = route.start[s]!;
      if (own > t && earliestStart(route, s, own) === own && suffixFits(route, order, k, own)) t = own;
    }
    starts.push(t);
    prev = s;
    prevEnd = t + route.dur[s]!;
  }
  return starts;
}

/** Whether the stops after `k` still fit when stop `k` starts at `t`. */
export function suffixFits(route: Route, order: number[], k: number, t: number): boolean {
  const F = route.fixedCount;
  let prev = order[k]!;
  let prevEnd = t + route.dur[prev]!;
  for (let i = k + 1; i < order.length; i++) {
    const s = order[i]!;
    const d = route.drive[prev]![s]!;
    if (s < F) {
      if (prev >= F && prevEnd + d > route.start[s]!) return false;
      prevEnd = route.start[s]! + route.dur[s]!;
    } else {
      const found = earliestStart(route, s, prevEnd + d);
      if (found === null) return false;
      prevEnd = found + route.dur[s]!;
    }
    prev = s;
  }
  return true;
}
