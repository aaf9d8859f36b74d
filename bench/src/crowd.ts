/**
 * The soak's mix of people, all through the load balancer, grown a company at a time:
 * per company 10 dispatchers refetching their week with If-None-Match every 3 s and
 * moving a job of their own every 10 s, 50 technicians each with a socket open (counting
 * every job.updated), and 15 chat pollers asking for news every 3 s with If-None-Match.
 * `run` plays the mix for a while and returns what it measured: latency per route,
 * errors, and each change's delivery to every socket of its company.
 */
import http from "node:http";
import { WebSocket } from "ws";
import { type Answer, percentile, request, sleep } from "./harness";
import { PEOPLE_PER_COMPANY, PER_COMPANY, type SoakCompany, setUpCompanies } from "./soak-setup";

const REFETCH_EVERY_MS = 3000;
const EDIT_EVERY_MS = 10_000;
const POLL_EVERY_MS = 3000;
/** After the run, how long late events may take to arrive before they count as lost. */
const DRAIN_MS = 5000;
/** Sockets opened at once. */
const CONNECT_BATCH = 50;
const WEEK_URL = "startDate=2030-05-30&endDate=2030-06-13";

export const MIX_DESCRIPTION = `per company ${PER_COMPANY.dispatchers} dispatchers (week every ${REFETCH_EVERY_MS / 1000} s with If-None-Match, a job moved every ${EDIT_EVERY_MS / 1000} s), ${PER_COMPANY.technicians} technician sockets, ${PER_COMPANY.chatPollers} chat pollers every ${POLL_EVERY_MS / 1000} s`;

export type Route = "GET /api/jobs" | "PUT /api/jobs/:id" | "GET /api/chat";

export type RouteStats = { route: Route; requests: number; p50: number; p95: number; p99: number };

export type MixResult = {
  people: number;
  routes: RouteStats[];
  requests: number;
  /** Requests sent, answered or not (`requests` counts the answered ones). */
  sent: number;
  errors: string[];
  /** When each failed request (an unexpected status, or no answer) ended, on performance.now()'s clock; sockets apart. */
  failedAt: number[];
  /** Sockets closed by the server or balancer (each is also in `errors`). */
  socketsClosed: number;
  statuses: Map<string, number>;
  /** Change sent -> job.updated at each socket of its company, ms, ascending. */
  deliveries: number[];
  expectedDeliveries: number;
  lost: number;
};

/** What one run records: every request's time and answer, every event's arrival. */
class Recorder {
  readonly latencies = new Map<Route, number[]>();
  readonly errors: string[] = [];
  readonly failedAt: number[] = [];
  sent = 0;
  socketsClosed = 0;
  readonly statuses = new Map<string, number>();
  readonly deliveries: number[] = [];
  /** When the change now in flight for each job was sent. */
  readonly sentAt = new Map<string, number>();

  async time(route: Route, expected: number[], call: () => Promise<Answer>) {
    const started = performance.now();
    this.sent++;
    try {
      const res = await call();
      const list = this.latencies.get(route) ?? [];
      list.push(performance.now() - started);
      this.latencies.set(route, list);
      const key = `${route} ${res.status}`;
      this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
      if (!expected.includes(res.status)) {
        this.errors.push(`${route}: ${res.status} ${res.body.toString().slice(0, 120)}`);
        this.failedAt.push(performance.now());
      }
      return res;
    } catch (error) {
      this.errors.push(`${route}: ${error instanceof Error ? error.message : String(error)}`);
      this.failedAt.push(performance.now());
      return undefined;
    }
  }
}

/** A technician's socket: a plain WebSocket speaking Socket.IO's protocol (Engine.IO 4), as cheap to run here as can be. */
type Listener = { companyId: string; heard: Set<string>; socket: WebSocket; isClosing: boolean };

/** Runs `step` every `everyMs` from a random phase until `until`, one call at a time. */
async function every(everyMs: number, until: number, step: () => Promise<void>) {
  await sleep(Math.random() * everyMs);
  while (Date.now() < until) {
    const started = Date.now();
    await step();
    await sleep(Math.max(0, Math.min(everyMs - (Date.now() - started), until - Date.now())));
  }
}

export class Crowd {
  readonly companies: SoakCompany[] = [];
  private readonly listeners: Listener[] = [];
  private recorder = new Recorder();
  /**
   * An idle connection is closed here after 30 s, before HAProxy's 60 s keep-alive timeout
   * (deploy/haproxy.cfg) closes it: reusing one at the moment the balancer closes it failed
   * a request ("socket hang up"), where a browser would have retried it.
   */
  private readonly agent = new http.Agent({ keepAlive: true, maxFreeSockets: 1024, timeout: 30_000 });

  constructor(
    private readonly url: string,
    private readonly databaseUrl: string,
    private readonly runId: string,
  ) {}

  get people(): number {
    return this.companies.length * PEOPLE_PER_COMPANY;
  }

  /** Adds companies until there are `total`, their sockets open. */
  async growTo(total: number): Promise<void> {
    const added = await setUpCompanies(
      this.url,
      this.databaseUrl,
      this.runId,
      this.companies.length,
      total - this.companies.length,
    );
    for (const company of added) {
      const cookies = company.technicianCookies;
      for (let i = 0; i < cookies.length; i += CONNECT_BATCH) {
        const batch = cookies.slice(i, i + CONNECT_BATCH);
        this.listeners.push(...(await Promise.all(batch.map((c) => this.listen(company.companyId, c)))));
      }
    }
    this.companies.push(...added);
  }

  private listen(companyId: string, cookie: string): Promise<Listener> {
    const url = `${this.url.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket`;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers: { cookie } });
      const listener: Listener = { companyId, heard: new Set(), socket, isClosing: false };
      socket.on("message", (data) => {
        const text = data.toString();
        // 42: an event; 2: a ping; 0: the transport is open; 40: connected; 44: refused.
        if (text.startsWith("42")) {
          const [event, job] = JSON.parse(text.slice(2)) as [string, { id: string; version: number }];
          if (event !== "job.updated") return;
          listener.heard.add(`${job.id}:${job.version}`);
          const sent = this.recorder.sentAt.get(job.id);
          if (sent !== undefined) this.recorder.deliveries.push(performance.now() - sent);
        } else if (text === "2") socket.send("3");
        else if (text.startsWith("40")) resolve(listener);
        else if (text.startsWith("44")) reject(new Error(`socket refused: ${text}`));
        else if (text.startsWith("0")) socket.send("40");
      });
      // Before the connection: it failed; after: the close that follows is counted.
      socket.on("error", reject);
      socket.on("close", (code) => {
        if (listener.isClosing) return;
        this.recorder.errors.push(`socket closed by the server or balancer: ${code}`);
        this.recorder.socketsClosed++;
      });
    });
  }

  /** Plays the mix for `seconds`, then waits for late events; `warmUp.onWarmedUp` runs `warmUp.ms` in. */
  async run(seconds: number, warmUp?: { ms: number; onWarmedUp: () => void }): Promise<MixResult> {
    const recorder = new Recorder();
    this.recorder = recorder;
    const until = Date.now() + seconds * 1000;
    const changed = new Map<string, Set<string>>(this.companies.map((c) => [c.companyId, new Set()]));
    const warmedUp = warmUp ? sleep(warmUp.ms).then(warmUp.onWarmedUp) : Promise.resolve();
    const get = (path: string, cookie: string, etag: string | undefined) =>
      request(`${this.url}${path}`, {
        headers: { cookie, "accept-encoding": "gzip", ...(etag ? { "if-none-match": etag } : {}) },
        agent: this.agent,
      });

    const dispatchers = this.companies.flatMap((company) =>
      company.dispatchers.map(async (dispatcher, i) => {
        let etag: string | undefined;
        const week = `/api/jobs?companyId=${company.companyId}&${WEEK_URL}`;
        const refetch = every(REFETCH_EVERY_MS, until, async () => {
          const res = await recorder.time("GET /api/jobs", [200, 304], () =>
            get(week, dispatcher.cookie, etag),
          );
          if (res?.status === 200) etag = res.headers.etag;
        });
        let round = i;
        const move = every(EDIT_EVERY_MS, until, async () => {
          round++;
          recorder.sentAt.set(dispatcher.jobId, performance.now());
          const res = await recorder.time("PUT /api/jobs/:id", [200], () =>
            request(`${this.url}/api/jobs/${dispatcher.jobId}`, {
              method: "PUT",
              headers: { cookie: dispatcher.cookie },
              body: { time: round % 2 === 0 ? "09:00" : "15:30" },
              agent: this.agent,
            }),
          );
          if (res?.status === 200) {
            const job = JSON.parse(res.body.toString()) as { id: string; version: number };
            changed.get(company.companyId)?.add(`${job.id}:${job.version}`);
          }
        });
        await Promise.all([refetch, move]);
      }),
    );
    const pollers = this.companies.flatMap((company) =>
      company.pollerCookies.map(async (cookie) => {
        const chat = `/api/chat?companyId=${company.companyId}&after=${company.lastMessageId}`;
        let etag: string | undefined;
        await every(POLL_EVERY_MS, until, async () => {
          const res = await recorder.time("GET /api/chat", [200, 304], () => get(chat, cookie, etag));
          if (res?.status === 200) etag = res.headers.etag;
        });
      }),
    );
    await Promise.all([...dispatchers, ...pollers, warmedUp]);

    // Late events: wait until every socket has heard every change of its company, or the drain time is up.
    const missing = () =>
      this.listeners.reduce((sum, listener) => {
        let lost = 0;
        for (const change of changed.get(listener.companyId) ?? []) if (!listener.heard.has(change)) lost++;
        return sum + lost;
      }, 0);
    const drainUntil = Date.now() + DRAIN_MS;
    while (missing() > 0 && Date.now() < drainUntil) await sleep(100);
    const lost = missing();
    const expectedDeliveries = this.listeners.reduce(
      (sum, l) => sum + (changed.get(l.companyId)?.size ?? 0),
      0,
    );
    for (const listener of this.listeners) listener.heard.clear();

    const routes = [...recorder.latencies].map(([route, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        route,
        requests: sorted.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
      };
    });
    return {
      people: this.people,
      routes,
      requests: routes.reduce((sum, r) => sum + r.requests, 0),
      sent: recorder.sent,
      errors: recorder.errors,
      failedAt: recorder.failedAt,
      socketsClosed: recorder.socketsClosed,
      statuses: recorder.statuses,
      deliveries: [...recorder.deliveries].sort((a, b) => a - b),
      expectedDeliveries,
      lost,
    };
  }

  close(): void {
    for (const listener of this.listeners) {
      listener.isClosing = true;
      listener.socket.terminate();
    }
    this.agent.destroy();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

/** The lines that describe one run of the mix. */
export function describeMix(result: MixResult): string[] {
  const deliveries = result.deliveries;
  return [
    ...result.routes.map(
      (r) =>
        `  ${r.route.padEnd(18)} ${String(r.requests).padStart(7)} requests   p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   p99 ${ms(r.p99)}`,
    ),
    `  answers: ${[...result.statuses].map(([key, n]) => `${key}: ${n}`).join(", ")}`,
    `  errors: ${result.errors.length}${result.errors.length ? ` (first: ${result.errors.slice(0, 5).join(" | ")})` : ""}`,
    `  job change -> every socket of its company: ${deliveries.length} deliveries, p50 ${ms(percentile(deliveries, 50))}, p95 ${ms(percentile(deliveries, 95))}, p99 ${ms(percentile(deliveries, 99))}; ${result.lost} of ${result.expectedDeliveries} lost`,
  ];
}

/** The route with the highest p95 (and its p99). */
export function worstRoute(result: MixResult): RouteStats | undefined {
  return [...result.routes].sort((a, b) => b.p95 - a.p95)[0];
}
