/**
 * Optimize a day (docs/schedule.md): the pure optimizer (core/src/planning/optimize-route.ts)
 * timed on generated days in one town, with the company's default drive estimate. No
 * database or web process: the preview's reads are one day's rows, the work is here.
 *
 * Rows: one technician's 12 stops (median of 15 days); 15 technicians and 120 jobs in team
 * mode (median of 5 days); 200 random days of at most 9 moving stops, the heuristic against
 * the exact search (the worst gap).
 */
import { type OptimizeJob, type OptimizeTechnician, optimizeDay } from "@sched/core/planning/optimize-route";
import { clockTime, estimateDriveMinutes } from "@sched/shared-types";
import { type BenchSection, verdict } from "./harness";

const drive = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  estimateDriveMinutes(a, b);

/** A seeded generator (mulberry32): the same days on every run. */
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

const SKILLS = ["gas", "backflow tester"];

/**
 * A day: `techs` technicians 08:00–18:00, `jobs` jobs of 30 or 45 minutes spread over the
 * day, in a town `km` across (15 km: drives of 10 to 40 minutes); a third fixed, a third with
 * a two-hour window around their time, a third "any time"; some need a skill.
 */
export function makeDay(rand: () => number, techs: number, jobs: number, km = 15, minutes = [30, 45]) {
  const technicians: OptimizeTechnician[] = Array.from({ length: techs }, (_, i) => ({
    id: `t${String(i).padStart(2, "0")}`,
    hours: [{ start: "08:00", end: "18:00" }],
    timeOff: [],
    skills: SKILLS.filter(() => rand() < 0.6),
  }));
  const perTech = Math.ceil(jobs / techs);
  const list: OptimizeJob[] = Array.from({ length: jobs }, (_, i) => {
    const tech = technicians[Math.floor(i / perTech)]!;
    const slot = i % perTech;
    const start = 8 * 60 + Math.floor((slot * 600) / perTech / 15) * 15;
    const kind = rand();
    const windowStart = Math.max(8 * 60, start - 60);
    return {
      id: `j${String(i).padStart(3, "0")}`,
      employeeId: tech.id,
      time: clockTime(start),
      durationMinutes: minutes[Math.floor(rand() * minutes.length)]!,
      // A degree of latitude is 111 km; of longitude at 40°N, 85 km.
      place: { lat: 40 + (rand() * km) / 111, lng: -74 + (rand() * km) / 85 },
      arrivalWindow:
        kind > 0.33 && kind < 0.66
          ? { start: clockTime(windowStart), end: clockTime(windowStart + 120) }
          : null,
      flexible: kind >= 0.66,
      requiredSkills: tech.skills.filter(() => rand() < 0.3),
      version: 1,
    };
  });
  return { technicians, jobs: list };
}

/**
 * A day of one technician whose every stop may move (a window or any time): the search's
 * full width. Half-hour visits in a 6 km town, so the day as given fits its hours.
 */
export function movingDay(rand: () => number, stops: number) {
  const day = makeDay(rand, 1, stops, 6, [30]);
  return {
    ...day,
    jobs: day.jobs.map((job) => (job.arrivalWindow ? job : { ...job, flexible: true })),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Wall time of `run`, ms; `cpu` collects this process's CPU time of it (the host may be busy). */
function timed(run: () => void, cpu?: number[]): number {
  const startedCpu = process.cpuUsage();
  const started = performance.now();
  run();
  const wall = performance.now() - started;
  const used = process.cpuUsage(startedCpu);
  cpu?.push((used.user + used.system) / 1000);
  return wall;
}

export const optimizeBench: BenchSection = {
  name: "optimize",
  async run({ report, row }) {
    const rand = random(53);
    // Warm the code paths once, as a web process that has answered before.
    for (let i = 0; i < 3; i++) optimizeDay({ ...movingDay(rand, 12), driveMinutes: drive });

    const single = Array.from({ length: 15 }, () => movingDay(rand, 12));
    const singleCpu: number[] = [];
    const singleTimes = single.map((day) =>
      timed(() => optimizeDay({ ...day, driveMinutes: drive }), singleCpu),
    );
    const singleSaved = single.map((day) => optimizeDay({ ...day, driveMinutes: drive }).savedMinutes);

    const team = Array.from({ length: 5 }, () => makeDay(rand, 15, 120));
    const teamCpu: number[] = [];
    const teamResults = team.map((day) => {
      let result: ReturnType<typeof optimizeDay> | undefined;
      const ms = timed(() => {
        result = optimizeDay({ ...day, reassign: true, driveMinutes: drive });
      }, teamCpu);
      return { ms, result: result! };
    });

    let worst = 0;
    let worstAt = -1;
    let exactMs = 0;
    let heuristicMs = 0;
    const gaps: number[] = [];
    for (let i = 0; i < 200; i++) {
      const day = movingDay(rand, 2 + Math.floor(rand() * 8));
      let exact!: ReturnType<typeof optimizeDay>;
      let heuristic!: ReturnType<typeof optimizeDay>;
      exactMs += timed(() => {
        exact = optimizeDay({ ...day, driveMinutes: drive, method: "exact" });
      });
      heuristicMs += timed(() => {
        heuristic = optimizeDay({ ...day, driveMinutes: drive, method: "heuristic" });
      });
      const gap = exact.driveAfter === 0 ? 0 : (heuristic.driveAfter - exact.driveAfter) / exact.driveAfter;
      gaps.push(gap);
      if (gap > worst) {
        worst = gap;
        worstAt = i;
      }
    }
    const exactHits = gaps.filter((gap) => gap === 0).length;

    const singleMedian = median(singleTimes);
    const teamMedian = median(teamResults.map((r) => r.ms));
    report("Optimize a day (pure optimizer, default drive estimate)", [
      `  one technician, 12 moving stops: median ${singleMedian.toFixed(1)} ms, slowest ${Math.max(...singleTimes).toFixed(1)} ms of ${singleTimes.length}; median ${median(singleSaved)} min saved`,
      `  15 technicians, 120 jobs, team mode: median ${teamMedian.toFixed(0)} ms, slowest ${Math.max(...teamResults.map((r) => r.ms)).toFixed(0)} ms of ${teamResults.length}; drive ${teamResults.map((r) => `${r.result.driveBefore} -> ${r.result.driveAfter}`).join(", ")} min; ${median(teamResults.map((r) => r.result.moves.length))} moves (median)`,
      `  200 days of 2-9 moving stops: heuristic equal to the exact best on ${exactHits}; worst gap ${(worst * 100).toFixed(2)}% (day ${worstAt}); exact ${(exactMs / 200).toFixed(1)} ms, heuristic ${(heuristicMs / 200).toFixed(1)} ms a day on average`,
    ]);
    row({
      row: "Optimize route: one technician, 12 stops",
      figure: `median ${singleMedian.toFixed(1)} ms of 15 days (CPU ${median(singleCpu).toFixed(1)} ms)`,
      budget: "<= 50 ms",
      verdict: verdict(singleMedian <= 50),
    });
    row({
      row: "Optimize day: 15 technicians, 120 jobs, may reassign",
      figure: `median ${teamMedian.toFixed(0)} ms of 5 days (CPU ${median(teamCpu).toFixed(0)} ms)`,
      budget: "<= 2 s",
      verdict: verdict(teamMedian <= 2000),
    });
    row({
      row: "Optimize: 200 random days of <= 9 stops, heuristic vs exact",
      figure: `worst gap ${(worst * 100).toFixed(2)}%, ${exactHits} of 200 equal`,
      budget: "within 3%",
      verdict: verdict(worst <= 0.03),
    });
  },
};
