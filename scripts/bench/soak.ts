/**
 * The soak (`npm run bench -- soak`, 10 minutes; `--duration=60` or SOAK_SECONDS for a
 * smoke run): two web processes and the worker on one database and Redis, no sticky
 * sessions (every request goes to either web process at random), and for the whole run:
 *
 * - 200 dispatchers (10 in each of 20 companies) refetching their week with If-None-Match
 *   every 3 s and moving a job of their own every 10 s;
 * - 1,000 sockets (50 per company, half on each web process) counting every job.updated;
 * - 300 chat pollers (15 per company) asking for news every 3 s with If-None-Match.
 *
 * It reports errors (must be 0: an unexpected status, a failed request, a socket dropped),
 * p50/p99 per route, events lost (every socket must hear every change of its company) and
 * the resident memory of each process after the warm-up and at the end (growth under 10%).
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { io, type Socket } from "socket.io-client";
import {
  type AppProcess,
  type BareResponse,
  type BenchSection,
  request,
  startApp,
  startWorker,
} from "./harness";
import { type SoakCompany, setUpCompanies } from "./soak-setup";

const COMPANIES = 20;
const DISPATCHERS_PER_COMPANY = 10;
const SOCKETS_PER_COMPANY = 50;
const POLLERS_PER_COMPANY = 15;
const REFETCH_EVERY_MS = 3000;
const EDIT_EVERY_MS = 10_000;
const POLL_EVERY_MS = 3000;
const DRAIN_MS = 5000;
const WEEK_URL = "startDate=2030-05-30&endDate=2030-06-13";

type Route = "GET /api/jobs" | "PUT /api/jobs/:id" | "GET /api/chat";

class Recorder {
  readonly latencies = new Map<Route, number[]>();
  readonly errors: string[] = [];
  readonly statuses = new Map<string, number>();

  async time(route: Route, expected: number[], call: () => Promise<BareResponse>) {
    const started = performance.now();
    try {
      const res = await call();
      const list = this.latencies.get(route) ?? [];
      list.push(performance.now() - started);
      this.latencies.set(route, list);
      const key = `${route} ${res.status}`;
      this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
      if (!expected.includes(res.status))
        this.error(`${route}: ${res.status} ${res.body.toString().slice(0, 120)}`);
      return res;
    } catch (error) {
      this.error(`${route}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  error(what: string) {
    this.errors.push(what);
  }
}

/** Resident memory of a process, from /proc (Linux), in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `step` every `everyMs` from a random phase until `until`, one call at a time. */
async function every(everyMs: number, until: number, step: () => Promise<void>) {
  await sleep(Math.random() * everyMs);
  while (Date.now() < until) {
    const started = Date.now();
    await step();
    await sleep(Math.max(0, everyMs - (Date.now() - started)));
  }
}

/** The sockets of one company: each keeps what it heard, as `jobId:version`. */
async function openSockets(companies: SoakCompany[], urls: string[], recorder: Recorder) {
  const heard: { companyId: string; changes: Set<string>; socket: Socket }[] = [];
  for (const company of companies) {
    const opened = await Promise.all(
      Array.from({ length: SOCKETS_PER_COMPANY }, (_, i) => {
        const cookie = company.dispatchers[i % company.dispatchers.length].cookie;
        return new Promise<(typeof heard)[number]>((resolve, reject) => {
          const socket = io(urls[i % urls.length], {
            transports: ["websocket"],
            extraHeaders: { cookie },
            reconnection: false,
            forceNew: true,
          });
          const entry = { companyId: company.companyId, changes: new Set<string>(), socket };
          socket.on("job.updated", (job: { id: string; version: number }) =>
            entry.changes.add(`${job.id}:${job.version}`),
          );
          socket.once("connect", () => {
            socket.on("disconnect", (reason) => {
              if (reason !== "io client disconnect") recorder.error(`socket dropped: ${reason}`);
            });
            resolve(entry);
          });
          socket.once("connect_error", reject);
        });
      }),
    );
    heard.push(...opened);
  }
  return heard;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

export const soakBench: BenchSection = {
  name: "soak",
  run: async (context) => {
    const seconds = Number(process.env.SOAK_SECONDS ?? 600);
    const warmUpMs = Math.min(60_000, seconds * 200);
    const runId = `${context.runId}s`;
    const processes: { name: string; process: AppProcess }[] = [];
    try {
      const [web1, web2] = await Promise.all([
        startApp(context.databaseUrl, runId),
        startApp(context.databaseUrl, runId),
      ]);
      processes.push({ name: "web 1", process: web1 }, { name: "web 2", process: web2 });
      processes.push({ name: "worker", process: startWorker(context.databaseUrl, runId) });
      const urls = [web1.url, web2.url];
      const companies = await setUpCompanies(
        urls,
        context.databaseUrl,
        runId,
        COMPANIES,
        DISPATCHERS_PER_COMPANY,
      );
      const recorder = new Recorder();
      const sockets = await openSockets(companies, urls, recorder);
      const agents = urls.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
      const via = () => {
        const i = Math.floor(Math.random() * urls.length);
        return { url: urls[i], agent: agents[i] };
      };
      const changed = new Map<string, Set<string>>(companies.map((c) => [c.companyId, new Set()]));

      const started = Date.now();
      const until = started + seconds * 1000;
      let rssAtStart: number[] = [];
      const warmUp = sleep(warmUpMs).then(() => {
        rssAtStart = processes.map((p) => rssMb(p.process.pid));
      });
      const dispatchers = companies.flatMap((company) =>
        company.dispatchers.map(async (dispatcher, i) => {
          let etag: string | undefined;
          const list = `/api/jobs?companyId=${company.companyId}&${WEEK_URL}`;
          const refetch = every(REFETCH_EVERY_MS, until, async () => {
            const { url, agent } = via();
            const headers: Record<string, string> = { cookie: dispatcher.cookie, "accept-encoding": "gzip" };
            if (etag) headers["if-none-match"] = etag;
            const res = await recorder.time("GET /api/jobs", [200, 304], () =>
              request(`${url}${list}`, { headers, agent }),
            );
            if (res?.status === 200) etag = res.headers.etag;
          });
          let round = i;
          const edit = every(EDIT_EVERY_MS, until, async () => {
            const { url, agent } = via();
            round++;
            const res = await recorder.time("PUT /api/jobs/:id", [200], () =>
              request(`${url}/api/jobs/${dispatcher.jobId}`, {
                method: "PUT",
                headers: { cookie: dispatcher.cookie },
                body: { time: round % 2 === 0 ? "09:00" : "15:30" },
                agent,
              }),
            );
            if (res?.status === 200) {
              const job = JSON.parse(res.body.toString()) as { id: string; version: number };
              changed.get(company.companyId)?.add(`${job.id}:${job.version}`);
            }
          });
          await Promise.all([refetch, edit]);
        }),
      );
      const pollers = companies.flatMap((company) =>
        Array.from({ length: POLLERS_PER_COMPANY }, async (_, i) => {
          const cookie = company.dispatchers[i % company.dispatchers.length].cookie;
          const poll = `/api/chat?companyId=${company.companyId}&after=${company.lastMessageId}`;
          let etag: string | undefined;
          await every(POLL_EVERY_MS, until, async () => {
            const { url, agent } = via();
            const headers: Record<string, string> = { cookie };
            if (etag) headers["if-none-match"] = etag;
            const res = await recorder.time("GET /api/chat", [200, 304], () =>
              request(`${url}${poll}`, { headers, agent }),
            );
            if (res?.status === 200) etag = res.headers.etag;
          });
        }),
      );
      await Promise.all([...dispatchers, ...pollers, warmUp]);
      const rssAtEnd = processes.map((p) => rssMb(p.process.pid));

      // Late events: wait until every socket has heard everything, or the drain time is up.
      const missing = () =>
        sockets.reduce((sum, s) => {
          let lost = 0;
          for (const change of changed.get(s.companyId) ?? []) if (!s.changes.has(change)) lost++;
          return sum + lost;
        }, 0);
      const drainUntil = Date.now() + DRAIN_MS;
      while (missing() > 0 && Date.now() < drainUntil) await sleep(100);
      const lost = missing();
      const expected = sockets.reduce((sum, s) => sum + (changed.get(s.companyId)?.size ?? 0), 0);
      for (const s of sockets) s.socket.close();
      for (const agent of agents) agent.destroy();

      const lines = [
        `  ${seconds} s; ${COMPANIES} companies; ${companies.length * DISPATCHERS_PER_COMPANY} dispatchers (week every ${REFETCH_EVERY_MS / 1000} s, an edit every ${EDIT_EVERY_MS / 1000} s); ${sockets.length} sockets; ${COMPANIES * POLLERS_PER_COMPANY} chat pollers every ${POLL_EVERY_MS / 1000} s; 2 web processes + worker`,
        `  errors: ${recorder.errors.length}${recorder.errors.length ? ` (first: ${recorder.errors.slice(0, 5).join(" | ")})` : ""}`,
      ];
      for (const [route, values] of recorder.latencies) {
        const sorted = [...values].sort((a, b) => a - b);
        lines.push(
          `  ${route.padEnd(20)} ${String(sorted.length).padStart(7)} requests   p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms`,
        );
      }
      lines.push(`  answers: ${[...recorder.statuses].map(([key, n]) => `${key}: ${n}`).join(", ")}`);
      lines.push(
        `  events: ${expected} expected deliveries (every change to every socket of its company), ${lost} lost`,
      );
      for (const [i, { name }] of processes.entries()) {
        const growth = ((rssAtEnd[i] - rssAtStart[i]) / rssAtStart[i]) * 100;
        lines.push(
          `  ${name.padEnd(7)} RSS ${rssAtStart[i].toFixed(0)} MB after ${(warmUpMs / 1000).toFixed(0)} s -> ${rssAtEnd[i].toFixed(0)} MB at the end (${growth >= 0 ? "+" : ""}${growth.toFixed(1)}%; budget < 10%: ${growth < 10 ? "within" : "OVER"})`,
        );
      }
      context.report("Soak: two web processes and the worker under a day's load", lines);
    } finally {
      await Promise.all(processes.map((p) => p.process.stop()));
    }
  },
};
