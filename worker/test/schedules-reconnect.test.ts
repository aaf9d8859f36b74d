/**
 * The repeating sweeps survive a Redis that comes back empty (docs/reliability.md): the
 * worker registers them again whenever its connection is ready after a loss. Here the
 * loss is real (Redis drops the worker's connection) and "empty" is this file's keys
 * deleted, which is all this file's worker can see (its own key prefix).
 */
import { BULL_PREFIX } from "@sched/core/queues";
import { newRedisConnection } from "@sched/core/redis";
import { QUEUES } from "@sched/shared-types";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maintenanceHandlers } from "../src/jobs/registry";
import { keepRepeatingJobsScheduled, REPEATING } from "../src/schedules";
import { eventually } from "./invitation-support";

const admin = newRedisConnection();
const probe = new Queue(QUEUES.maintenance, { connection: newRedisConnection(), prefix: BULL_PREFIX });
let schedules: ReturnType<typeof keepRepeatingJobsScheduled>;

const EXPECTED = Object.keys(REPEATING)
  .filter((name) => name in maintenanceHandlers)
  .sort();

const registeredNames = async () => (await probe.getJobSchedulers()).map((s) => s.key).sort();

/** Every key of this file's queues gone, as after a Redis restarted without its data. */
async function emptyThisFilesRedis() {
  let cursor = "0";
  do {
    const [next, keys] = await admin.scan(cursor, "MATCH", `${BULL_PREFIX}:*`, "COUNT", 500);
    cursor = next;
    if (keys.length > 0) await admin.del(...keys);
  } while (cursor !== "0");
}

beforeAll(async () => {
  schedules = keepRepeatingJobsScheduled();
  await schedules.registered;
});
afterAll(async () => {
  await schedules?.close();
  await probe.close();
  admin.disconnect();
});

describe("the worker's repeating sweeps", () => {
  it("are registered at start", async () => {
    expect(await registeredNames()).toEqual(EXPECTED);
  });

  it("are registered again once the connection returns to a Redis that lost them", async () => {
    await emptyThisFilesRedis();
    expect(await registeredNames()).toEqual([]);

    const clientId = await schedules.connection.client("ID");
    await admin.client("KILL", "ID", String(clientId));

    await eventually(
      async () => ((await registeredNames()).length === EXPECTED.length ? true : undefined),
      15_000,
      "the sweeps registered again",
    );
    expect(await registeredNames()).toEqual(EXPECTED);
  });
});
