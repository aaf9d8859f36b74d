/**
 * The load balancer's check: the browser's Socket.IO client (client/src/lib/socket.ts, the
 * default transports) opens with HTTP long-polling and then upgrades to a WebSocket, so
 * every request of one connection must reach the web process holding it. Through HAProxy
 * with the repository's config (round robin, a cookie on /socket.io/ answers), clients
 * speaking Engine.IO 4 as a browser does (keeping the balancer's cookie) must connect by
 * polling, hear a job change by polling, upgrade, and hear the next one on the WebSocket.
 * The same clients without the balancer's cookie show why the cookie is there.
 */
import { WebSocket } from "ws";
import { type Cluster, missingBalancer, startCluster } from "./cluster";
import { type BenchSection, request, verdict } from "./harness";
import { type Owner, registerOwner } from "./seed-week";

const CLIENTS = 10;
const EVENT_TIMEOUT_MS = 10_000;
const title = "Load balancer: the Socket.IO polling transport and its upgrade through HAProxy";
/** Engine.IO 4 separates the packets of one polling answer with this character. */
const SEPARATOR = "\x1e";

/** One client's connection: its session cookie plus, when it keeps it, the balancer's. */
class PollingClient {
  private cookies: Map<string, string>;
  private sid = "";

  constructor(
    private readonly url: string,
    sessionCookie: string,
    private readonly keepsBalancerCookie: boolean,
  ) {
    const [name, value] = sessionCookie.split("=");
    this.cookies = new Map([[name, value]]);
  }

  private get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private endpoint() {
    return `${this.url}/socket.io/?EIO=4&transport=polling${this.sid ? `&sid=${this.sid}` : ""}&t=${Date.now()}`;
  }

  /** One polling request; its packets. */
  private async send(method: "GET" | "POST", body?: string): Promise<string[]> {
    const res = await new Promise<Awaited<ReturnType<typeof request>>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("polling request timed out")), EVENT_TIMEOUT_MS);
      request(this.endpoint(), {
        method,
        headers: {
          cookie: this.cookieHeader,
          ...(body ? { "content-type": "text/plain;charset=UTF-8" } : {}),
        },
        rawBody: body,
      })
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
    if (this.keepsBalancerCookie && res.headers["set-cookie"]) {
      for (const cookie of res.headers["set-cookie"].split(/,\s*(?=[^;]+=)/)) {
        const [pair] = cookie.split(";");
        const [name, value] = pair.split("=");
        this.cookies.set(name.trim(), value);
      }
    }
    if (res.status !== 200)
      throw new Error(`${method} polling: ${res.status} ${res.body.toString().slice(0, 80)}`);
    return res.body.toString().split(SEPARATOR);
  }

  /** Handshake and Socket.IO connect, all by polling. */
  async connect() {
    const [open] = await this.send("GET");
    if (!open.startsWith("0")) throw new Error(`no open packet: ${open}`);
    this.sid = (JSON.parse(open.slice(1)) as { sid: string }).sid;
    await this.send("POST", "40");
    const packets = await this.send("GET");
    if (!packets.some((p) => p.startsWith("40"))) throw new Error(`not connected: ${packets.join(" ")}`);
  }

  /** Long-polls until a job.updated arrives. */
  async pollForJobChange() {
    const deadline = Date.now() + EVENT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const packets = await this.send("GET");
      if (packets.some((p) => p.startsWith('42["job.updated"'))) return;
      if (packets.includes("2")) await this.send("POST", "3");
    }
    throw new Error("no job.updated by polling");
  }

  /** The upgrade as the browser's client does it: probe on a WebSocket, then switch. */
  async upgrade(): Promise<WebSocket> {
    const url = `${this.url.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket&sid=${this.sid}`;
    const socket = new WebSocket(url, { headers: { cookie: this.cookieHeader } });
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => socket.send("2probe"));
      socket.once("message", (data) => {
        if (data.toString() !== "3probe") return reject(new Error(`probe answered ${data}`));
        socket.send("5");
        resolve();
      });
      socket.once("error", reject);
    });
    return socket;
  }
}

function jobChangeOn(socket: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no job.updated on the WebSocket")), EVENT_TIMEOUT_MS);
    socket.on("message", (data) => {
      const text = data.toString();
      if (text === "2") socket.send("3");
      if (text.startsWith('42["job.updated"')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

async function createJob(url: string, owner: Owner): Promise<string> {
  const headers = { cookie: owner.cookie };
  const employee = await request(`${url}/api/employees`, {
    method: "POST",
    headers,
    body: { companyId: owner.companyId, name: "Pat Polling", initials: "PP", avatarColor: "teal" },
  });
  const job = await request(`${url}/api/jobs`, {
    method: "POST",
    headers,
    body: {
      companyId: owner.companyId,
      employeeId: JSON.parse(employee.body.toString()).id,
      type: "Repair",
      location: "1 Long Poll Rd",
      date: "2030-06-03",
      time: "08:00",
    },
  });
  if (job.status !== 201) throw new Error(`job: ${job.status} ${job.body}`);
  return JSON.parse(job.body.toString()).id;
}

/** Each client connects by polling, hears a change by polling, upgrades, hears the next on the WebSocket. */
async function tryClients(url: string, owner: Owner, jobId: string, keepsBalancerCookie: boolean) {
  const failures: string[] = [];
  let round = 0;
  const move = async () => {
    round++;
    const res = await request(`${url}/api/jobs/${jobId}`, {
      method: "PUT",
      headers: { cookie: owner.cookie },
      body: { time: round % 2 === 0 ? "09:00" : "10:00" },
    });
    if (res.status !== 200) throw new Error(`PUT: ${res.status}`);
  };
  for (let i = 0; i < CLIENTS; i++) {
    const client = new PollingClient(url, owner.cookie, keepsBalancerCookie);
    let socket: WebSocket | undefined;
    try {
      await client.connect();
      const heard = client.pollForJobChange();
      await move();
      await heard;
      socket = await client.upgrade();
      const heardOnSocket = jobChangeOn(socket);
      await move();
      await heardOnSocket;
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    } finally {
      socket?.terminate();
    }
  }
  return failures;
}

export const pollingBench: BenchSection = {
  name: "polling",
  run: async (context) => {
    const missing = missingBalancer();
    const row = "Load balancer: Socket.IO long-polling, then the upgrade, through HAProxy";
    const budget = `all ${CLIENTS} clients connect and hear changes`;
    if (missing) {
      context.report(title, [`  skipped: ${missing}`]);
      context.row({ row, figure: missing, budget, verdict: "skipped" });
      return;
    }
    let cluster: Cluster | undefined;
    try {
      cluster = await startCluster(context.databaseUrl, `${context.runId}b`, { worker: false });
      const owner = await registerOwner(cluster.url, `polling-${context.runId}`, "Long Poll Plumbing");
      const jobId = await createJob(cluster.url, owner);
      const withCookie = await tryClients(cluster.url, owner, jobId, true);
      const withoutCookie = await tryClients(cluster.url, owner, jobId, false);
      context.report(title, [
        `  keeping the balancer's cookie (as a browser does): ${CLIENTS - withCookie.length} of ${CLIENTS} clients connected by polling, heard a change, upgraded and heard the next${withCookie.length ? `; first failure: ${withCookie[0]}` : ""}`,
        `  without it (what round robin alone would do): ${CLIENTS - withoutCookie.length} of ${CLIENTS}${withoutCookie.length ? `; first failure: ${withoutCookie[0]}` : ""}`,
      ]);
      context.row({
        row,
        figure: `${CLIENTS - withCookie.length} of ${CLIENTS} clients with the balancer's cookie (without it: ${CLIENTS - withoutCookie.length} of ${CLIENTS})`,
        budget,
        verdict: verdict(withCookie.length === 0),
      });
    } finally {
      await cluster?.stop();
    }
  },
};
