/**
 * The e-mail worker as its own process, for the SIGKILL test: the real dispatcher and
 * handlers on the real queue, with a short lock so that a killed worker's job is found
 * stalled within seconds (the production lock of 30 s would only slow the test).
 */
import { BULL_PREFIX } from "@sched/core/queues";
import { newRedisConnection } from "@sched/core/redis";
import { QUEUES } from "@sched/shared-types";
import { Worker } from "bullmq";
import { dispatcher } from "../src/dispatch";
import { emailHandlers } from "../src/jobs/registry";

// Long enough that a busy machine never mistakes a live worker for a stalled one.
const LOCK_MS = 4000;

const worker = new Worker(QUEUES.email, dispatcher(emailHandlers), {
  connection: newRedisConnection(),
  prefix: BULL_PREFIX,
  lockDuration: LOCK_MS,
  stalledInterval: 1000,
});
await worker.waitUntilReady();
process.stdout.write("worker ready\n");
process.once("SIGTERM", () => {
  void worker.close().then(() => process.exit(0));
});
