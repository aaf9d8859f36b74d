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
import {
  buildRoute,
  byId,
  DayCache,
  earliestStart,
  evaluate,
  freeTime,
  givenDrive,
  isMovable,
  OPTIMIZE_REASONS,
  type OptimizeInput,
  type OptimizeJob,
  type OptimizeMove,
  type OptimizeResult,
  type OptimizeTechnician,
  type OptimizeUnplaced,
  type Point,
  type Route,
  timesOf,
} from "./optimize-route-model";
import { bestOrder, improve } from "./optimize-route-search";

export type {
  DayWindow,
  OptimizeInput,
  OptimizeJob,
  OptimizeMove,
  OptimizeResult,
  OptimizeTechnician,
  OptimizeUnplaced,
  Point,
} from "./optimize-route-model";
export { EXACT_LIMIT, isMovable, OPTIMIZE_REASONS, START_STEP } from "./optimize-route-model";

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
