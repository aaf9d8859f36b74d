/**
 * A web process dies under load: the soak's mix (crowd.ts) through HAProxy with the
 * repository's deploy/haproxy.cfg in front of two web processes, and a third of the way in
 * web 1 is killed with SIGKILL (no shutdown, as a crash or the kernel's OOM killer does).
 * Budget: at most 0.1% of the requests fail, and none after 2 s from the kill: HAProxy sends
 * what never reached the dead process to the other one and takes it out of rotation
 * (docs/reliability.md). The dead process's sockets close, as they
 * must; a browser's client reconnects through the balancer (counted, not budgeted).
 * FAILOVER_SECONDS (30 by default) and FAILOVER_COMPANIES (the soak's 20) size it; no worker
 * runs, since none of the mix's answers wait for it.
 */
import { type Cluster, missingBalancer, startCluster } from "./cluster";
import { Crowd, describeMix, MIX_DESCRIPTION } from "./crowd";
import { type BenchSection, verdict } from "./harness";

const SECONDS = Number(process.env.FAILOVER_SECONDS ?? 30);
const COMPANIES = Number(process.env.FAILOVER_COMPANIES ?? 20);
const FAILED_PERCENT = 0.1;
const SETTLED_MS = 2000;
const KILL_AFTER_MS = (SECONDS * 1000) / 3;
const title = "Failover: a web process killed (SIGKILL) under the soak's mix";
const budget = `<= ${FAILED_PERCENT}% of requests failed, none after ${SETTLED_MS / 1000} s from the kill`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export const failoverBench: BenchSection = {
  name: "failover",
  run: async (context) => {
    const missing = missingBalancer();
    if (missing) {
      context.report(title, [`  skipped: ${missing}`]);
      context.row({ row: title, figure: missing, budget, verdict: "skipped" });
      return;
    }
    let cluster: Cluster | undefined;
    let crowd: Crowd | undefined;
    try {
      cluster = await startCluster(context.databaseUrl, `${context.runId}f`, { worker: false });
      const victim = cluster.processes[0];
      crowd = new Crowd(cluster.url, context.databaseUrl, `${context.runId}f`);
      await crowd.growTo(COMPANIES);
      let killedAt = 0;
      const result = await crowd.run(SECONDS, {
        ms: KILL_AFTER_MS,
        onWarmedUp: () => {
          killedAt = performance.now();
          process.kill(victim.process.pid, "SIGKILL");
        },
      });
      const failed = result.failedAt.length;
      const before = result.failedAt.filter((at) => at < killedAt).length;
      const late = result.failedAt.filter((at) => at > killedAt + SETTLED_MS);
      const lastAfterKill = Math.max(0, ...result.failedAt.map((at) => at - killedAt));
      const percent = result.sent ? (failed / result.sent) * 100 : 0;
      // What the failures were, counted by route and answer (a 502 page, a dropped connection...).
      const kinds = new Map<string, number>();
      for (const error of result.errors) {
        if (error.startsWith("socket closed")) continue;
        const kind = error.split("\n")[0].slice(0, 80);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      const figure = `${failed} of ${result.sent} requests failed (${percent.toFixed(3)}%)${failed ? `, the last ${seconds(lastAfterKill)} after the kill` : ""}; ${late.length} after ${SETTLED_MS / 1000} s`;
      context.report(title, [
        `  ${result.people} people in ${COMPANIES} companies, ${MIX_DESCRIPTION}; 2 web processes behind HAProxy, no worker`,
        `  ${SECONDS} s; ${victim.name} killed with SIGKILL ${seconds(KILL_AFTER_MS)} in`,
        ...describeMix(result),
        `  failed requests: ${failed} (${before} before the kill)${kinds.size ? `: ${[...kinds].map(([kind, n]) => `${n} x ${kind}`).join(" | ")}` : ""}`,
        `  sockets closed with the dead process: ${result.socketsClosed} (a browser reconnects; here they stay closed, so their events count as lost above)`,
      ]);
      context.row({
        row: title,
        figure,
        budget,
        verdict: verdict(result.sent > 0 && killedAt > 0 && percent <= FAILED_PERCENT && late.length === 0),
      });
    } finally {
      crowd?.close();
      await cluster?.stop();
    }
  },
};
