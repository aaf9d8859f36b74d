/**
 * The soak (10 minutes; `--duration=60` or SOAK_SECONDS for a shorter one): two web
 * processes behind HAProxy and the worker, on one database and Redis, under a day's load
 * of 20 companies (crowd.ts): 200 dispatchers, 1,000 technician sockets, 300 chat pollers,
 * every request and socket through the balancer. Budgets: every route p95 <= 100 ms and
 * p99 <= 250 ms; no error; no event lost; a job change at every other socket of its
 * company p95 <= 250 ms; resident memory of each process grows < 10% after the warm-up.
 * Memory is read every 5 s: a process's resident size swings by tens of MB as V8 collects,
 * so growth compares the median of the first third of the readings with the last third's.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { type Cluster, missingBalancer, startCluster } from "./cluster";
import { Crowd, describeMix, MIX_DESCRIPTION, worstRoute } from "./crowd";
import { type BenchSection, percentile, verdict } from "./harness";

const COMPANIES = 20;
export const ROUTE_P95_MS = 100;
const ROUTE_P99_MS = 250;
const DELIVERY_P95_MS = 250;
const MEMORY_GROWTH_PERCENT = 10;
const MEMORY_READING_MS = 5_000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Growth in %, from the median of the first third of the readings to the last third's. */
function growthOf(readings: number[]): { from: number; to: number; percent: number } {
  const third = Math.max(1, Math.floor(readings.length / 3));
  const from = median(readings.slice(0, third));
  const to = median(readings.slice(-third));
  return { from, to, percent: ((to - from) / from) * 100 };
}

/** CPU time a process has used so far (user + system), from /proc (Linux), in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime, the 14th and 15th fields of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU time the whole machine has spent busy (every core, every process), from /proc/stat, in seconds. */
function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

const signed = (percent: number) => `${percent >= 0 ? "+" : ""}${percent.toFixed(1)}`;

/** Resident memory of a process, from /proc (Linux), in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export const soakBench: BenchSection = {
  name: "soak",
  run: async (context) => {
    const seconds = Number(process.env.SOAK_SECONDS ?? 600);
    const title = `Soak, ${seconds} s`;
    const missing = missingBalancer();
    if (missing) {
      context.report(title, [`  skipped: ${missing}`]);
      context.row({ row: title, figure: missing, budget: "-", verdict: "skipped" });
      return;
    }
    // Memory is read from the end of the warm-up (caches, pools, JIT filled) to the end.
    const warmUpMs = Math.min(60_000, seconds * 200);
    let cluster: Cluster | undefined;
    let crowd: Crowd | undefined;
    try {
      cluster = await startCluster(context.databaseUrl, `${context.runId}s`, { worker: true });
      const { processes } = cluster;
      crowd = new Crowd(cluster.url, context.databaseUrl, `${context.runId}s`);
      await crowd.growTo(COMPANIES);
      let isWarmedUp = false;
      // Where the machine's time went: the app, the balancer, this process (the load), and in all.
      const cpuOf = [
        ...processes.map(({ name, process: app }) => ({ name, seconds: () => cpuSeconds(app.pid) })),
        { name: "haproxy", seconds: () => cpuSeconds(cluster?.balancerPid ?? 0) },
        {
          name: "the load (this process)",
          seconds: () => {
            const { user, system } = process.cpuUsage();
            return (user + system) / 1e6;
          },
        },
        {
          name: "the whole machine (PostgreSQL, Redis and anything else included)",
          seconds: machineBusySeconds,
        },
      ];
      const cpuAtStart = cpuOf.map((p) => p.seconds());
      const startedAt = performance.now();
      // Each process's resident memory after the warm-up: a leak climbs to the end, a warm-up levels off.
      const readings: number[][] = processes.map(() => []);
      const sampler = setInterval(() => {
        if (!isWarmedUp) return;
        for (const [i, p] of processes.entries()) readings[i]?.push(rssMb(p.process.pid));
      }, MEMORY_READING_MS);
      const result = await crowd
        .run(seconds, {
          ms: warmUpMs,
          onWarmedUp: () => {
            isWarmedUp = true;
          },
        })
        .finally(() => clearInterval(sampler));
      const perMinute = 60_000 / MEMORY_READING_MS;
      const minuteMedians = readings.map((mine) =>
        Array.from({ length: Math.ceil(mine.length / perMinute) }, (_, m) =>
          median(mine.slice(m * perMinute, (m + 1) * perMinute)),
        ),
      );
      const elapsed = (performance.now() - startedAt) / 1000;
      const cpuShare = cpuOf.map(
        (p, i) => `${p.name} ${(((p.seconds() - cpuAtStart[i]) / elapsed) * 100).toFixed(0)}%`,
      );
      const growth = readings.map((mine) => growthOf(mine));

      const lines = [
        `  ${result.people} people in ${COMPANIES} companies, ${MIX_DESCRIPTION}; 2 web processes behind HAProxy + the worker`,
        ...describeMix(result),
        `  CPU used, in % of one core (${os.cpus().length} cores): ${cpuShare.join(", ")}`,
        ...processes.map(
          ({ name }, i) =>
            `  ${name.padEnd(7)} RSS after the ${(warmUpMs / 1000).toFixed(0)} s warm-up, median of each minute: ${minuteMedians[i].map((mb) => mb.toFixed(0)).join(", ")} MB; first third ${growth[i].from.toFixed(0)} -> last third ${growth[i].to.toFixed(0)} MB (${signed(growth[i].percent)}%), ${readings[i].length} readings ${Math.min(...readings[i]).toFixed(0)}-${Math.max(...readings[i]).toFixed(0)} MB`,
        ),
      ];
      context.report(`${title}: two web processes behind HAProxy and the worker under a day's load`, lines);

      const worstP95 = worstRoute(result);
      const worstP99 = [...result.routes].sort((a, b) => b.p99 - a.p99)[0];
      context.row({
        row: `${title}: every route`,
        figure: `worst p95 ${worstP95?.p95.toFixed(0)} ms (${worstP95?.route}), worst p99 ${worstP99?.p99.toFixed(0)} ms (${worstP99?.route}); ${result.requests} requests`,
        budget: `p95 <= ${ROUTE_P95_MS} ms, p99 <= ${ROUTE_P99_MS} ms`,
        verdict: verdict((worstP95?.p95 ?? 0) <= ROUTE_P95_MS && (worstP99?.p99 ?? 0) <= ROUTE_P99_MS),
      });
      context.row({
        row: `${title}: errors`,
        figure: `${result.errors.length}${result.errors.length ? ` (first: ${result.errors[0]})` : ""}`,
        budget: "0",
        verdict: verdict(result.errors.length === 0),
      });
      context.row({
        row: `${title}: events lost`,
        figure: `${result.lost} of ${result.expectedDeliveries} deliveries`,
        budget: "0",
        verdict: verdict(result.lost === 0 && result.expectedDeliveries > 0),
      });
      const deliveryP95 = percentile(result.deliveries, 95);
      context.row({
        row: `${title}: job change -> every other socket of its company`,
        figure: `p95 ${deliveryP95.toFixed(0)} ms (p99 ${percentile(result.deliveries, 99).toFixed(0)} ms)`,
        budget: `p95 <= ${DELIVERY_P95_MS} ms`,
        verdict: verdict(deliveryP95 <= DELIVERY_P95_MS && result.deliveries.length > 0),
      });
      const largest = Math.max(...growth.map((g) => g.percent));
      context.row({
        row: `${title}: resident memory growth (median of the first third of the readings to the last third's)`,
        figure: processes
          .map(
            ({ name }, i) =>
              `${name} ${signed(growth[i].percent)}% (${growth[i].from.toFixed(0)} -> ${growth[i].to.toFixed(0)} MB)`,
          )
          .join(", "),
        budget: `< ${MEMORY_GROWTH_PERCENT}% each`,
        verdict: verdict(largest < MEMORY_GROWTH_PERCENT),
      });
    } finally {
      crowd?.close();
      await cluster?.stop();
    }
  },
};
