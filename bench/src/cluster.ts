/**
 * The app as it is deployed at scale, on this machine: two web processes behind HAProxy
 * (the repository's own deploy/haproxy.cfg, its addresses swapped for local ports, written
 * to a temporary folder), optionally the worker, all on the run's one database and Redis.
 * HAProxy comes from the system's package; without it the sections that need it skip.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../../scripts/services";
import { type AppProcess, freePort, startApp, startWorker, stopper, waitForHealth } from "./harness";

export const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";

/** Why a section that needs the balancer skipped, and how to get it. */
export function missingBalancer(): string | undefined {
  if (existsSync(HAPROXY)) return undefined;
  return `HAProxy not found at ${HAPROXY}: install it (Debian/Ubuntu: sudo apt-get install haproxy) or set HAPROXY_PATH`;
}

/** deploy/haproxy.cfg with the balancer on 127.0.0.1:`port` and web1/web2 on the given local ports. */
export function localBalancerConfig(port: number, webPorts: [number, number]): string {
  const config = readFileSync(path.join(ROOT, "deploy", "haproxy.cfg"), "utf8");
  const local = config
    .replace(/^(\s*bind )\S+/m, `$1127.0.0.1:${port}`)
    .replaceAll("web1:5000", `127.0.0.1:${webPorts[0]}`)
    .replaceAll("web2:5000", `127.0.0.1:${webPorts[1]}`);
  if (local === config || local.includes(":5000")) throw new Error("deploy/haproxy.cfg: addresses not found");
  return local;
}

export type Cluster = {
  /** The balancer's address: every request and socket of a section goes there. */
  url: string;
  /** The app's processes (web 1, web 2, and the worker when asked for), for memory readings and the failover's kill. */
  processes: { name: string; process: AppProcess }[];
  balancerPid: number;
  stop: () => Promise<void>;
};

export async function startCluster(
  databaseUrl: string,
  runId: string,
  options: { worker: boolean },
): Promise<Cluster> {
  const balancerPort = await freePort();
  const url = `http://127.0.0.1:${balancerPort}`;
  const webPorts: [number, number] = [await freePort(), await freePort()];
  const processes: Cluster["processes"] = [];
  const folder = mkdtempSync(path.join(os.tmpdir(), "sched-balancer-"));
  let stopBalancer = async () => {};
  const stop = async () => {
    await stopBalancer();
    await Promise.all(processes.map((p) => p.process.stop()));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    // What a deployment behind a balancer sets: the app's public address, the balancer
    // trusted, and the web processes reachable only where the balancer is.
    const env = { APP_URL: url, TRUST_PROXY: "loopback", HOST: "127.0.0.1" };
    const webs = await Promise.all(webPorts.map((port) => startApp(databaseUrl, runId, env, port)));
    processes.push({ name: "web 1", process: webs[0] }, { name: "web 2", process: webs[1] });
    if (options.worker) processes.push({ name: "worker", process: startWorker(databaseUrl, runId) });
    const configFile = path.join(folder, "haproxy.cfg");
    writeFileSync(configFile, localBalancerConfig(balancerPort, webPorts));
    const balancer = spawn(HAPROXY, ["-db", "-f", configFile], { stdio: ["ignore", "ignore", "inherit"] });
    stopBalancer = stopper(balancer);
    await waitForHealth(url, balancer, 20_000);
    return { url, processes, balancerPid: balancer.pid ?? 0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
