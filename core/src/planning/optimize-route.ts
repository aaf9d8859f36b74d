/**
 * The day optimizer (docs/schedule.md "Optimize a day"): the order and times of a day's
 * jobs that give the least drive time. Pure and deterministic: no database, no clock, the
 * same answer whatever order the caller lists jobs or people in.
 *
 * What may move: a job with an arrival window (it starts inside the window) or marked
 * flexible (anywhere in the working hours); a job with neither, a started or finished one,
 * or one without a place keeps its time and technician. Never into time off, never past
 * the end of the hours, never overlapping a job that stays. In team mode (`reassign`) a
 * flexible job may also go to another technician who holds its required skills.
 *
 * The method: a route is the order of a technician's placed stops; each moving job starts
 * as early as the previous stop and the drive allow (then, where the customer's time can
 * stay, it stays). Up to EXACT_LIMIT moving stops, a depth-first search over the orders with
 * a lower bound and dominance (exact); more, cheapest insertion then local search (move one
 * or a run of stops, swap two, reverse a run) with seeded restarts. The team pass moves
 * flexible jobs between technicians while the sum of drive time falls. Whatever the
 * search finds, a day is never answered longer in drive time than the day given: then it
 * is left as it is. Property tests: core/test/optimize-route.property.test.ts.
 */
import { clockTime, fitsSkills, minutesOfDay } from "@sched/shared-types";

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

const DAY_END = 24 * 60;
type Span = { start: number; end: number };

const spanOf = (window: DayWindow): Span => ({
  start: minutesOfDay(window.start),
  end: Math.min(window.end === "24:00" ? DAY_END : minutesOfDay(window.end), DAY_END),
});

function union(spans: Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const joined: Span[] = [];
  for (const span of sorted) {
    const last = joined.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined;
}

function subtract(spans: Span[], cuts: Span[]): Span[] {
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

const roundUp = (minutes: number) => Math.ceil(minutes / START_STEP) * START_STEP;
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Whether a job may move at all: a window or flexible, not locked. */
export const isMovable = (job: OptimizeJob) => !job.locked && (job.flexible || job.arrivalWindow !== null);

/** A technician's free time for moving jobs: hours minus time off minus the jobs that stay. */
function freeTime(tech: OptimizeTechnician, staying: OptimizeJob[]): Span[] {
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
type Route = {
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
class DayCache {
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

const originalOrder = (jobs: OptimizeJob[], cache: DayCache) =>
  [...jobs].sort((a, b) => cache.start(a) - cache.start(b) || byId(a, b));

function buildRoute(
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
function earliestStart(route: Route, s: number, ready: number): number | null {
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
function evaluate(
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
function givenDrive(route: Route): number {
  const order = route.stops
    .map((_, i) => i)
    .sort((a, b) => route.start[a]! - route.start[b]! || byId(route.stops[a]!, route.stops[b]!));
  let cost = 0;
  for (let k = 1; k < order.length; k++) cost += route.drive[order[k - 1]!]![order[k]!]!;
  return cost;
}

type Best = { order: number[]; cost: number } | null;

/** The exact search: every interleaving of the moving stops with the fixed ones, pruned. */
function exactOrder(route: Route): Best {
  const F = route.fixedCount;
  const M = route.stops.length - F;
  const full = (1 << M) - 1;
  let best: Best = null;
  const order: number[] = [];
  const labels = new Map<number, number[]>();
  const stride = route.stops.length + 1;
  const remainingBound = (mask: number, fi: number) => {
    let lb = 0;
    for (let f = fi; f < F; f++) lb += route.minIn[f]!;
    for (let m = 0; m < M; m++) if (!(mask & (1 << m))) lb += route.minIn[F + m]!;
    return lb;
  };
  const visit = (mask: number, fi: number, last: number, lastEnd: number, cost: number) => {
    if (mask === full && fi === F) {
      if (!best || cost < best.cost) best = { order: [...order], cost };
      return;
    }
    if (best && last >= 0 && cost + remainingBound(mask, fi) >= best.cost) return;
    const key = (mask * (F + 1) + fi) * stride + (last + 1);
    const seen = labels.get(key);
    if (seen) {
      for (let i = 0; i < seen.length; i += 2) if (seen[i]! <= cost && seen[i + 1]! <= lastEnd) return;
      seen.push(cost, lastEnd);
    } else labels.set(key, [cost, lastEnd]);
    const nextFixedStart = fi < F ? route.start[fi]! : Number.POSITIVE_INFINITY;
    if (fi < F) {
      const d = last >= 0 ? route.drive[last]![fi]! : 0;
      if (!(last >= F && lastEnd + d > nextFixedStart)) {
        // A moving stop whose window closes before this fixed job ends can no longer come after it.
        let dead = false;
        for (let m = 0; m < M && !dead; m++) {
          if (!(mask & (1 << m)) && route.windowEnd[F + m]! < nextFixedStart) dead = true;
        }
        if (!dead) {
          order.push(fi);
          visit(mask, fi + 1, fi, nextFixedStart + route.dur[fi]!, cost + d);
          order.pop();
        }
      }
    }
    for (let m = 0; m < M; m++) {
      if (mask & (1 << m)) continue;
      const s = F + m;
      const d = last >= 0 ? route.drive[last]![s]! : 0;
      const t = earliestStart(route, s, lastEnd + d);
      if (t === null || t + route.dur[s]! > nextFixedStart) continue;
      order.push(s);
      visit(mask | (1 << m), fi, s, t + route.dur[s]!, cost + d);
      order.pop();
    }
  };
  visit(0, 0, -1, Number.NEGATIVE_INFINITY, 0);
  return best;
}

/** A small seeded generator (mulberry32): restarts are the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cheapest insertion of the moving stops, in `sequence`'s order, into the fixed ones. */
function insertAll(route: Route, sequence: number[]): Best {
  let order = Array.from({ length: route.fixedCount }, (_, i) => i);
  for (const s of sequence) {
    let bestOrder: number[] | null = null;
    let bestCost = Number.POSITIVE_INFINITY;
    for (let at = 0; at <= order.length; at++) {
      const candidate = [...order.slice(0, at), s, ...order.slice(at)];
      const cost = evaluate(route, candidate, bestCost);
      if (cost !== null && cost < bestCost) {
        bestCost = cost;
        bestOrder = candidate;
      }
    }
    if (!bestOrder) return null;
    order = bestOrder;
  }
  const cost = evaluate(route, order);
  return cost === null ? null : { order, cost };
}

/** Local search until no move helps: relocate a run of 1–3 moving stops, swap two, reverse a run. */
function improve(route: Route, start: { order: number[]; cost: number }): { order: number[]; cost: number } {
  const F = route.fixedCount;
  const order = [...start.order];
  let cost = start.cost;
  const n = order.length;
  const cand = new Array<number>(n);
  const accept = () => {
    const c = evaluate(route, cand, cost - 1);
    if (c === null || c >= cost) return false;
    for (let k = 0; k < n; k++) order[k] = cand[k]!;
    cost = c;
    return true;
  };
  let improved = true;
  while (improved) {
    improved = false;
    // Relocate a run of moving stops, as it is or reversed.
    for (let len = 1; len <= 3 && !improved; len++) {
      for (let i = 0; i + len <= n && !improved; i++) {
        let movable = true;
        for (let k = i; k < i + len; k++) if (order[k]! < F) movable = false;
        if (!movable) continue;
        for (let at = 0; at <= n - len && !improved; at++) {
          if (at === i) continue;
          for (let rev = 0; rev < (len > 1 ? 2 : 1) && !improved; rev++) {
            let w = 0;
            for (let r = 0; r < at; r++) cand[w++] = order[r < i ? r : r + len]!;
            for (let k = 0; k < len; k++) cand[w++] = order[i + (rev ? len - 1 - k : k)]!;
            for (let r = at; r < n - len; r++) cand[w++] = order[r < i ? r : r + len]!;
            improved = accept();
          }
        }
      }
    }
    // Swap two moving stops.
    for (let i = 0; i < n && !improved; i++) {
      if (order[i]! < F) continue;
      for (let j = i + 1; j < n && !improved; j++) {
        if (order[j]! < F) continue;
        for (let k = 0; k < n; k++) cand[k] = order[k]!;
        cand[i] = order[j]!;
        cand[j] = order[i]!;
        improved = accept();
      }
    }
    // Reverse a run of moving stops (2-opt).
    for (let i = 0; i < n && !improved; i++) {
      if (order[i]! < F) continue;
      for (let j = i + 2; j < n && !improved; j++) {
        if (order[j]! < F) break;
        for (let k = 0; k < n; k++) cand[k] = k < i || k > j ? order[k]! : order[i + j - k]!;
        improved = accept();
      }
    }
  }
  return { order, cost };
}

/**
 * Kicks: at most RESTARTS, ended by STALE_KICKS in a row that found nothing better. A small
 * day's kicks cost little and find the last few minutes; a long day's cost more.
 */
const RESTARTS = (movers: number) => (movers <= EXACT_LIMIT ? 60 : 30);
const STALE_KICKS = (movers: number) => (movers <= EXACT_LIMIT ? 30 : 12);

/** The heuristic: seeds (the given order, cheapest insertions), local search, seeded kicks. */
function heuristicOrder(route: Route): Best {
  const F = route.fixedCount;
  const movers = Array.from({ length: route.stops.length - F }, (_, m) => F + m);
  const seeds: { order: number[]; cost: number }[] = [];
  const given = route.stops
    .map((_, i) => i)
    .sort((a, b) => route.start[a]! - route.start[b]! || byId(route.stops[a]!, route.stops[b]!));
  const givenCost = evaluate(route, given);
  if (givenCost !== null) seeds.push({ order: given, cost: givenCost });
  const byWindowEnd = [...movers].sort((a, b) => route.windowEnd[a]! - route.windowEnd[b]! || a - b);
  for (const sequence of [byWindowEnd, movers]) {
    const seed = insertAll(route, sequence);
    if (seed) seeds.push(seed);
  }
  const rand = random(0x5eed + route.stops.length * 7919);
  for (let r = 0; r < 3; r++) {
    const shuffled = [...movers];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const seed = insertAll(route, shuffled);
    if (seed) seeds.push(seed);
  }
  let best: Best = null;
  for (const seed of seeds) {
    const found = improve(route, seed);
    if (!best || found.cost < best.cost) best = found;
  }
  if (!best || movers.length < 2) return best;
  // Kicks: take two to four moving stops out of the best and put them back cheapest-first;
  // stops after STALE_KICKS kicks in a row that found nothing better.
  let stale = 0;
  const restarts = RESTARTS(movers.length);
  const staleLimit = STALE_KICKS(movers.length);
  for (let r = 0; r < restarts && stale < staleLimit; r++) {
    stale++;
    const taken = new Set<number>();
    const count = Math.min(movers.length, 2 + (r % 3));
    while (taken.size < count) taken.add(movers[Math.floor(rand() * movers.length)]!);
    let order = best.order.filter((s) => !taken.has(s));
    let ok = true;
    // Every other kick puts them back at random places that fit: a real shake, not the same day.
    const atRandom = r % 2 === 1;
    for (const s of taken) {
      let bestOrder: number[] | null = null;
      let bestCost = Number.POSITIVE_INFINITY;
      const fitting: number[][] = [];
      for (let at = 0; at <= order.length; at++) {
        const candidate = [...order.slice(0, at), s, ...order.slice(at)];
        const cost = evaluate(route, candidate, atRandom ? Number.POSITIVE_INFINITY : bestCost);
        if (cost === null) continue;
        if (atRandom) fitting.push(candidate);
        if (cost < bestCost) {
          bestCost = cost;
          bestOrder = candidate;
        }
      }
      if (atRandom && fitting.length > 0) bestOrder = fitting[Math.floor(rand() * fitting.length)]!;
      if (!bestOrder) {
        ok = false;
        break;
      }
      order = bestOrder;
    }
    if (!ok) continue;
    const cost = evaluate(route, order);
    if (cost === null) continue;
    const found = improve(route, { order, cost });
    if (found.cost < best.cost) {
      best = found;
      stale = 0;
    }
  }
  return best;
}

/** The best order found for a route, by the method asked for. */
function bestOrder(route: Route, method: OptimizeInput["method"]): Best {
  const movingCount = route.stops.length - route.fixedCount;
  if (movingCount === 0) {
    const order = route.stops.map((_, i) => i);
    const cost = evaluate(route, order);
    return cost === null ? null : { order, cost };
  }
  const exact = method === "exact" || ((method ?? "auto") === "auto" && movingCount <= EXACT_LIMIT);
  return exact ? exactOrder(route) : heuristicOrder(route);
}

/**
 * The times of an order: a moving job keeps its own time where that is allowed and the
 * rest of the order still fits, else starts as early as it can.
 */
function timesOf(route: Route, order: number[]): number[] {
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
function suffixFits(route: Route, order: number[], k: number, t: number): boolean {
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

type Desk = {
  tech: OptimizeTechnician;
  staying: OptimizeJob[];
  moving: OptimizeJob[];
  route: Route;
  given: number;
  best: { order: number[]; cost: number } | null;
  /** Its jobs changed in team mode: its best order is the answer, whatever the day as given. */
  touched: boolean;
};

const holdsSkills = (tech: OptimizeTechnician, job: OptimizeJob) =>
  fitsSkills(job.requiredSkills, tech.skills);

/** The optimized day. */
export function optimizeDay(input: OptimizeInput): OptimizeResult {
  const techs = [...input.technicians].sort(byId);
  const techIds = new Set(techs.map((tech) => tech.id));
  const jobs = [...input.jobs].filter((job) => techIds.has(job.employeeId)).sort(byId);
  const cache = new DayCache(jobs, input.driveMinutes);
  const unplaced: OptimizeUnplaced[] = [];

  const desks: Desk[] = techs.map((tech) => {
    const own = jobs.filter((job) => job.employeeId === tech.id);
    const staying: OptimizeJob[] = [];
    const moving: OptimizeJob[] = [];
    for (const job of own) {
      if (!isMovable(job)) staying.push(job);
      else if (!job.place) {
        staying.push(job);
        unplaced.push({ jobId: job.id, reason: OPTIMIZE_REASONS.noPlace });
      } else moving.push(job);
    }
    // A moving job that fits nowhere in its window and the hours keeps its time.
    let free = freeTime(tech, staying);
    for (const job of [...moving]) {
      const probe = buildRoute(tech, staying, [job], cache);
      probe.free = free;
      if (earliestStart(probe, probe.fixedCount, Number.NEGATIVE_INFINITY) === null) {
        moving.splice(moving.indexOf(job), 1);
        staying.push(job);
        unplaced.push({ jobId: job.id, reason: OPTIMIZE_REASONS.noRoom });
        free = freeTime(tech, staying);
      }
    }
    const route = buildRoute(tech, staying, moving, cache);
    const given = givenDrive(route);
    const best = bestOrder(route, input.method);
    return { tech, staying, moving, route, given, best, touched: false };
  });

  const before = desks.reduce((sum, desk) => sum + desk.given, 0);

  // Team mode: move flexible jobs to whoever holds the skills while the total drive falls.
  if (input.reassign) reassignFlexible(desks, input, cache);

  const moves: OptimizeMove[] = [];
  let after = 0;
  for (const desk of desks) {
    const { route, best } = desk;
    if (!best || (best.cost >= desk.given && !desk.touched)) {
      after += desk.given;
      if (!best && desk.moving.length > 0) {
        for (const job of desk.moving) unplaced.push({ jobId: job.id, reason: OPTIMIZE_REASONS.noOrder });
      }
      continue;
    }
    after += best.cost;
    const starts = timesOf(route, best.order);
    best.order.forEach((s, k) => {
      const job = route.stops[s]!;
      if (s < route.fixedCount) return;
      const time = clockTime(starts[k]!);
      if (time !== job.time || job.employeeId !== desk.tech.id) {
        moves.push({ jobId: job.id, employeeId: desk.tech.id, time, version: job.version });
      }
    });
  }
  moves.sort((a, b) => (a.jobId < b.jobId ? -1 : a.jobId > b.jobId ? 1 : 0));
  unplaced.sort((a, b) => (a.jobId < b.jobId ? -1 : a.jobId > b.jobId ? 1 : 0));
  return {
    moves,
    savedMinutes: Math.max(0, before - after),
    unplaced,
    driveBefore: before,
    driveAfter: after,
  };
}

/** The cost a desk counts for: its best order's, or the day as given when none beats it. */
const deskCost = (desk: Desk) =>
  desk.best && (desk.touched || desk.best.cost < desk.given) ? desk.best.cost : desk.given;

const PASSES = 3;

function reassignFlexible(desks: Desk[], input: OptimizeInput, cache: DayCache) {
  for (let pass = 0; pass < PASSES; pass++) {
    let changed = false;
    for (const from of desks) {
      for (const job of [...from.moving]) {
        if (!job.flexible || !from.best) continue;
        const fromCost = deskCost(from);
        // The giver's day without the job: its best order less that stop, tidied by local search.
        const restRoute = buildRoute(
          from.tech,
          from.staying,
          from.moving.filter((other) => other !== job),
          cache,
        );
        const gone = from.route.stops.indexOf(job);
        const restOrder = from.best.order
          .filter((i) => i !== gone)
          .map((i) => restRoute.stops.indexOf(from.route.stops[i]!));
        const restCost = evaluate(restRoute, restOrder);
        // Judged on the order less the stop; tidied by local search only once the move is taken.
        const rest =
          restCost === null ? bestOrder(restRoute, "heuristic") : { order: restOrder, cost: restCost };
        if (!rest) continue;
        let pick: { desk: Desk; route: Route; best: { order: number[]; cost: number }; gain: number } | null =
          null;
        for (const to of desks) {
          if (to === from || !to.best || to.tech.hours.length === 0 || !holdsSkills(to.tech, job)) continue;
          const route = buildRoute(to.tech, to.staying, [...to.moving, job], cache);
          const s = route.stops.indexOf(job);
          const base = to.best.order.map((i) => route.stops.indexOf(to.route.stops[i]!));
          let inserted: { order: number[]; cost: number } | null = null;
          for (let at = 0; at <= base.length; at++) {
            const order = [...base.slice(0, at), s, ...base.slice(at)];
            const cost = evaluate(route, order, inserted ? inserted.cost - 1 : Number.POSITIVE_INFINITY);
            if (cost !== null && (!inserted || cost < inserted.cost)) inserted = { order, cost };
          }
          if (!inserted) continue;
          const gain = fromCost + deskCost(to) - rest.cost - inserted.cost;
          if (gain > 0 && (!pick || gain > pick.gain)) pick = { desk: to, route, best: inserted, gain };
        }
        if (!pick) continue;
        from.moving = from.moving.filter((other) => other !== job);
        from.route = restRoute;
        from.best = improve(restRoute, rest);
        from.touched = true;
        pick.desk.moving = [...pick.desk.moving, job];
        pick.desk.route = pick.route;
        pick.desk.best = improve(pick.route, pick.best);
        pick.desk.touched = true;
        changed = true;
      }
    }
    if (!changed) break;
  }
  // The days that gave or took a job, searched again with the day's own method.
  for (const desk of desks) {
    if (!desk.best || !desk.touched) continue;
    const again = bestOrder(desk.route, input.method);
    if (again && again.cost < desk.best.cost) desk.best = again;
  }
}

/** The drive minutes of one technician's day in the order of its times (for tests and the bench). */
export function dayDriveMinutes(
  jobs: { time: string; id: string; place: Point | null }[],
  driveMinutes: OptimizeInput["driveMinutes"],
): number {
  const placed = [...jobs]
    .filter((job) => job.place)
    .sort((a, b) => minutesOfDay(a.time) - minutesOfDay(b.time) || byId(a, b));
  let total = 0;
  for (let k = 1; k < placed.length; k++) total += driveMinutes(placed[k - 1]!.place!, placed[k]!.place!);
  return total;
}
