/**
 * Socket fan-out: the time from a job change (a real PUT /api/jobs/:id on the real web
 * process, Redis adapter included) to the job.updated event's arrival at each of N
 * sockets of the company, next to a bare `ws` server broadcasting the same bytes to N
 * plain WebSocket clients, measured in the same run. Every socket is on 127.0.0.1.
 *
 * All N receivers of a side live in this one process, so whatever a receiver does with a
 * message delays the receivers after it. The budget's row gives both sides the same
 * receivers: a plain WebSocket that parses the JSON (the app's speaks Socket.IO's protocol,
 * docs/realtime.md, "Measuring it"). A second row runs `socket.io-client`, the browsers'
 * library, whose per-event work (about ten times a JSON.parse) adds up over N here as it
 * never does across N browsers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { io, type Socket } from "socket.io-client";
import { WebSocket } from "ws";
import { ROOT } from "../services";
import { type BenchContext, type BenchSection, request } from "./harness";

/** The sizes measured; SOCKETS_FANOUTS=100 measures one (to compare two builds quickly). */
const FANOUTS = process.env.SOCKETS_FANOUTS?.split(",").map(Number) ?? [100, 1000];
/**
 * Changes measured per size and receiver kind (SOCKETS_CHANGES changes it); a change takes
 * 2–40 ms, so many cost little and steady the p50: with 100, two runs a minute apart
 * differed by up to 0.5 in the 100-socket ratio.
 */
const CHANGES = Number(process.env.SOCKETS_CHANGES ?? 300);
/** Sockets opened at once: a burst of 1,000 handshakes measures the handshake, not the fan-out. */
const CONNECT_BATCH = 50;
const ARRIVAL_TIMEOUT_MS = 15_000;

type Session = { cookie: string; companyId: string; jobId: string };
type Stats = { p50: number; p95: number; p99: number; max: number; deliveries: number };

const now = () => performance.now();

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0, deliveries: sorted.length };
}

async function json<T>(res: Promise<{ status: number; body: Buffer }>, expected: number, what: string) {
  const answer = await res;
  if (answer.status !== expected) throw new Error(`${what}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body.toString()) as T;
}

/** A company with one employee and one job to move back and forth. */
async function setUp(context: BenchContext): Promise<Session> {
  const registered = await request(`${context.appUrl}/api/register`, {
    method: "POST",
    body: {
      email: `bench-sockets-${context.runId}@example.test`,
      password: "bench-password-1",
      firstName: "Bench",
      lastName: "Sockets",
      companyName: "Fan-out Plumbing",
    },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.body}`);
  const cookie = registered.headers["set-cookie"].split(";")[0];
  const headers = { cookie };
  const [company] = await json<{ id: string }[]>(
    request(`${context.appUrl}/api/companies`, { headers }),
    200,
    "companies",
  );
  const employee = await json<{ id: string }>(
    request(`${context.appUrl}/api/employees`, {
      method: "POST",
      headers,
      body: { companyId: company.id, name: "Fay Fanout", initials: "FF", avatarColor: "teal" },
    }),
    201,
    "employee",
  );
  const job = await json<{ id: string }>(
    request(`${context.appUrl}/api/jobs`, {
      method: "POST",
      headers,
      body: {
        companyId: company.id,
        employeeId: employee.id,
        type: "Repair",
        location: "1 Broadcast Ave",
        date: "2030-06-03",
        time: "08:00",
      },
    }),
    201,
    "job",
  );
  return { cookie, companyId: company.id, jobId: job.id };
}

/** Opens `count` sockets in batches. */
async function openAll<S>(count: number, open: () => Promise<S>): Promise<S[]> {
  const sockets: S[] = [];
  while (sockets.length < count) {
    const batch = Math.min(CONNECT_BATCH, count - sockets.length);
    sockets.push(...(await Promise.all(Array.from({ length: batch }, open))));
  }
  return sockets;
}

/** One side of the comparison: N receivers and a way to make them hear one change. */
type Target = {
  listen: (onArrival: () => void) => void;
  trigger: (round: number) => Promise<void>;
  close: () => void;
};

/** Arrival times of one target, collected round by round. */
class Recorder {
  readonly delivery: number[] = [];
  readonly spread: number[] = [];
  private started = 0;
  private first = 0;
  private arrived = 0;
  private done: (() => void) | undefined;
  private isRecording = false;

  constructor(
    private readonly count: number,
    private readonly target: Target,
  ) {
    target.listen(() => this.onArrival());
  }

  private onArrival() {
    const at = now();
    if (this.arrived === 0) this.first = at;
    if (this.isRecording) {
      this.delivery.push(at - this.started);
      this.spread.push(at - this.first);
    }
    this.arrived++;
    if (this.arrived === this.count) this.done?.();
  }

  /** One change, waited for until every receiver has heard it. */
  async round(round: number, isRecording: boolean) {
    this.arrived = 0;
    this.isRecording = isRecording;
    let timer: NodeJS.Timeout | undefined;
    const allArrived = new Promise<void>((resolve, reject) => {
      this.done = resolve;
      timer = setTimeout(
        () => reject(new Error(`only ${this.arrived} of ${this.count} arrivals`)),
        ARRIVAL_TIMEOUT_MS,
      );
    });
    this.started = now();
    await this.target.trigger(round);
    await allArrived;
    clearTimeout(timer);
  }
}

/** Rounds of each side not recorded: the first changes run code not yet optimized by V8. */
const WARM_UP_ROUNDS = 10;

/**
 * The two targets take turns, change for change, so a busy moment of the machine falls
 * on both alike; the first rounds of each only warm up.
 */
async function race(count: number, app: Target, bare: Target) {
  const recorders = [new Recorder(count, app), new Recorder(count, bare)] as const;
  for (let round = 0; round < WARM_UP_ROUNDS + CHANGES; round++) {
    for (const recorder of recorders) await recorder.round(round, round >= WARM_UP_ROUNDS);
  }
  return recorders.map((recorder) => ({
    delivery: stats(recorder.delivery),
    spread: stats(recorder.spread),
  }));
}

/** A change of the job: its time flips between 09:00 and 08:00, and the PUT's answer time is noted. */
function jobChange(context: BenchContext, session: Session, answers: number[]) {
  return async (round: number) => {
    const sent = now();
    const res = await request(`${context.appUrl}/api/jobs/${session.jobId}`, {
      method: "PUT",
      headers: { cookie: session.cookie },
      body: { time: round % 2 === 0 ? "09:00" : "08:00" },
    });
    answers.push(now() - sent);
    if (res.status !== 200) throw new Error(`PUT /api/jobs: ${res.status} ${res.body}`);
  };
}

/** The app's sockets as browsers open them, with `socket.io-client`. */
async function libraryTarget(context: BenchContext, session: Session, count: number, answers: number[]) {
  const sockets = await openAll<Socket>(
    count,
    () =>
      new Promise((resolve, reject) => {
        const socket = io(context.appUrl, {
          transports: ["websocket"],
          extraHeaders: { cookie: session.cookie },
          reconnection: false,
          forceNew: true,
        });
        socket.once("connect", () => resolve(socket));
        socket.once("connect_error", reject);
      }),
  );
  return {
    listen: (onArrival) => {
      for (const socket of sockets) socket.on("job.updated", onArrival);
    },
    trigger: jobChange(context, session, answers),
    close: () => {
      for (const socket of sockets) socket.close();
    },
  } satisfies Target;
}

/**
 * The app's sockets as plain WebSockets speaking Socket.IO's protocol (Engine.IO 4): open,
 * connect to the main namespace, answer pings, and per event what the bare side's receivers
 * do, one JSON.parse. The server's side is the real one, handshake, rooms and adapter.
 */
async function plainTarget(context: BenchContext, session: Session, count: number, answers: number[]) {
  let onArrival = () => {};
  const url = `${context.appUrl.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket`;
  const sockets = await openAll<WebSocket>(
    count,
    () =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(url, { headers: { cookie: session.cookie } });
        socket.on("message", (data) => {
          const text = data.toString();
          // 42: an event; 2: a ping; 0: the transport is open; 40: connected; 44: refused.
          if (text.startsWith("42")) {
            const [event] = JSON.parse(text.slice(2)) as [string, unknown];
            if (event === "job.updated") onArrival();
          } else if (text === "2") socket.send("3");
          else if (text.startsWith("40")) resolve(socket);
          else if (text.startsWith("44")) reject(new Error(`socket refused: ${text}`));
          else if (text.startsWith("0")) socket.send("40");
        });
        socket.once("error", reject);
      }),
  );
  return {
    listen: (next) => {
      onArrival = next;
    },
    trigger: jobChange(context, session, answers),
    close: () => {
      for (const socket of sockets) socket.terminate();
    },
  } satisfies Target;
}

/** The ceiling: a bare `ws` server (its own process) that broadcasts what is POSTed to it. */
async function startBareWs(): Promise<{ url: string; child: ChildProcess }> {
  const program = `
    const http = require("node:http");
    const { WebSocketServer } = require("ws");
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString();
        for (const client of wss.clients) client.send(body);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(body);
      });
    });
    const wss = new WebSocketServer({ server });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));
    process.on("SIGTERM", () => { for (const c of wss.clients) c.terminate(); server.close(() => process.exit(0)); });
  `;
  const child = spawn(process.execPath, ["-e", program], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once("data", (data: Buffer) => resolve(Number(data.toString().trim())));
    child.once("exit", (code) => reject(new Error(`bare ws server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function bareTarget(url: string, payload: unknown, count: number) {
  const sockets = await openAll<WebSocket>(
    count,
    () =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(url.replace("http", "ws"));
        socket.once("open", () => resolve(socket));
        socket.once("error", reject);
      }),
  );
  return {
    // The same work a Socket.IO client does with a message: parse the JSON.
    listen: (onArrival) => {
      for (const socket of sockets)
        socket.on("message", (data) => JSON.parse(data.toString()) && onArrival());
    },
    trigger: async () => {
      const res = await request(`${url}/broadcast`, { method: "POST", body: payload });
      if (res.status !== 200) throw new Error(`bare broadcast: ${res.status}`);
    },
    close: () => {
      for (const socket of sockets) socket.terminate();
    },
  } satisfies Target;
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
const row = (name: string, s: Stats) =>
  `  ${name.padEnd(36)} p50 ${ms(s.p50)}   p95 ${ms(s.p95)}   p99 ${ms(s.p99)}   max ${ms(s.max)}   (${s.deliveries} deliveries)`;
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "n/a").padStart(10);
const ratioRow = (app: Stats, floor: Stats) =>
  `  ${"ratio app / bare ws".padEnd(36)} p50 ${ratio(app.p50, floor.p50)}   p95 ${ratio(app.p95, floor.p95)}   p99 ${ratio(app.p99, floor.p99)}`;
const answerMs = (value: number) => `${value.toFixed(1)} ms`;

export const socketsBench: BenchSection = {
  name: "sockets",
  run: async (context) => {
    const session = await setUp(context);
    const sample = await request(`${context.appUrl}/api/jobs?companyId=${session.companyId}`, {
      headers: { cookie: session.cookie },
    });
    // The bare server broadcasts the very job the app would send.
    const [payload] = JSON.parse(sample.body.toString()) as unknown[];
    const bare = await startBareWs();
    const lines: string[] = [
      `  ${CHANGES} changes per size and receiver kind after ${WARM_UP_ROUNDS} unrecorded, app and bare ws taking turns;`,
      "  latency = change sent -> event parsed at each socket",
    ];
    /** One size with one kind of app receiver, raced against the bare server; its report lines. */
    const measure = async (count: number, appReceivers: typeof plainTarget) => {
      const answers: number[] = [];
      const appSide = await appReceivers(context, session, count, answers);
      const bareSide = await bareTarget(bare.url, payload, count);
      const [app, floor] = await race(count, appSide, bareSide).finally(() => {
        appSide.close();
        bareSide.close();
      });
      return { app, floor, answered: stats(answers.slice(WARM_UP_ROUNDS)) };
    };
    try {
      for (const count of FANOUTS) {
        const plain = await measure(count, plainTarget);
        const library = await measure(count, libraryTarget);
        lines.push(
          "",
          `  N = ${count.toLocaleString("en-US")} sockets of one company: change sent -> event at each socket (the budget)`,
          row("PUT /api/jobs/:id -> Socket.IO", plain.app.delivery),
          row("bare ws broadcast, same bytes", plain.floor.delivery),
          ratioRow(plain.app.delivery, plain.floor.delivery),
          "  fan-out alone: first socket to hear it -> each socket",
          row("Socket.IO + Redis adapter", plain.app.spread),
          row("bare ws", plain.floor.spread),
          ratioRow(plain.app.spread, plain.floor.spread),
          `  the PUT's own answer: p50 ${answerMs(plain.answered.p50)}, p99 ${answerMs(plain.answered.p99)} (session, rules, transaction, bell)`,
          `  the same with socket.io-client receivers (${count.toLocaleString("en-US")} in this one process)`,
          row("PUT /api/jobs/:id -> socket.io-client", library.app.delivery),
          row("bare ws broadcast, same bytes", library.floor.delivery),
          ratioRow(library.app.delivery, library.floor.delivery),
        );
      }
    } finally {
      await new Promise<void>((resolve) => {
        if (bare.child.exitCode !== null) return resolve();
        bare.child.once("exit", () => resolve());
        bare.child.kill("SIGTERM");
      });
    }
    context.report("Socket fan-out: a job change reaching N sockets (budget: within 2x of bare ws)", lines);
  },
};
