/**
 * Capacity: the soak's mix (crowd.ts, all three groups in proportion) raised a step at a
 * time, 1x, 2x, 3x... of the soak's 20 companies, each step played for CAPACITY_STEP_SECONDS
 * (45 by default), until a route's p95 passes 100 ms or the cap (CAPACITY_MAX_STEP, 5x).
 * The knee is the most people of a step that stayed within it; the budget is at least 3x
 * the soak's mix (4,500 people). Same setup as the soak: two web processes behind
 * HAProxy, the worker, every request and socket through the balancer.
 */
import { type Cluster, missingBalancer, startCluster } from "./cluster";
import { Crowd, describeMix, worstRoute } from "./crowd";
import { type BenchSection, verdict } from "./harness";
import { ROUTE_P95_MS } from "./soak";
import { PEOPLE_PER_COMPANY } from "./soak-setup";

const COMPANIES_PER_STEP = 20;
const STEP_SECONDS = Number(process.env.CAPACITY_STEP_SECONDS ?? 45);
const MAX_STEP = Number(process.env.CAPACITY_MAX_STEP ?? 5);
const BUDGET_STEP = 3;
const title = "Capacity: the soak's mix raised step by step";

export const capacityBench: BenchSection = {
  name: "capacity",
  run: async (context) => {
    const budgetPeople = BUDGET_STEP * COMPANIES_PER_STEP * PEOPLE_PER_COMPANY;
    const budget = `knee >= ${budgetPeople.toLocaleString("en-US")} people (${BUDGET_STEP}x the soak's mix)`;
    const missing = missingBalancer();
    if (missing) {
      context.report(title, [`  skipped: ${missing}`]);
      context.row({ row: title, figure: missing, budget, verdict: "skipped" });
      return;
    }
    let cluster: Cluster | undefined;
    let crowd: Crowd | undefined;
    const lines: string[] = [
      `  ${STEP_SECONDS} s per step; a step passes while every route's p95 <= ${ROUTE_P95_MS} ms`,
    ];
    try {
      cluster = await startCluster(context.databaseUrl, `${context.runId}c`, { worker: true });
      crowd = new Crowd(cluster.url, context.databaseUrl, `${context.runId}c`);
      let knee = 0;
      let stoppedBy = `the cap of ${MAX_STEP}x`;
      for (let step = 1; step <= MAX_STEP; step++) {
        await crowd.growTo(step * COMPANIES_PER_STEP);
        const result = await crowd.run(STEP_SECONDS);
        const worst = worstRoute(result);
        const passed = (worst?.p95 ?? 0) <= ROUTE_P95_MS;
        lines.push(
          "",
          `  ${step}x: ${result.people.toLocaleString("en-US")} people; worst p95 ${worst?.p95.toFixed(0)} ms (${worst?.route}): ${passed ? "within" : "passed 100 ms"}`,
          ...describeMix(result),
        );
        if (!passed) {
          stoppedBy = `${worst?.route} at ${step}x (${result.people.toLocaleString("en-US")} people): p95 ${worst?.p95.toFixed(0)} ms`;
          break;
        }
        knee = result.people;
      }
      const kneeText = knee
        ? `knee ${knee.toLocaleString("en-US")} connected people`
        : `knee under ${(COMPANIES_PER_STEP * PEOPLE_PER_COMPANY).toLocaleString("en-US")} people (1x already passed)`;
      lines.push("", `  ${kneeText}; stopped by ${stoppedBy}`);
      context.report(title, lines);
      context.row({
        row: title,
        figure: `${kneeText} (stopped by ${stoppedBy})`,
        budget,
        verdict: verdict(knee >= budgetPeople),
      });
    } finally {
      crowd?.close();
      await cluster?.stop();
    }
  },
};
