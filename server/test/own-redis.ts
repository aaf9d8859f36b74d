/**
 * A test file that runs against a Redis of its own, with this process listening on the
 * cache invalidation channel (docs/realtime.md, "Caches in the web process"). The file
 * points REDIS_URL at the port in `vi.hoisted` (core reads it at import); this starts that
 * Redis and the listener before its tests and ends both after them.
 */
import { startInvalidationListener, stopInvalidationListener } from "@sched/core/cache/channel";
import { redis } from "@sched/core/redis";
import { afterAll, beforeAll } from "vitest";
import { startOwnRedis, waitFor } from "./outage-support";

type OwnRedis = Awaited<ReturnType<typeof startOwnRedis>>;

/** Registers the file's hooks; the returned handle is the Redis, to stop or freeze it, once started. */
export function ownRedisWithCaches(port: number, sharedRedisUrl: string | undefined) {
  const handle: { redis?: OwnRedis } = {};
  beforeAll(async () => {
    handle.redis = await startOwnRedis(port);
    await startInvalidationListener();
    // The request path's connection tried before this Redis existed: wait for its reconnect.
    await waitFor(async () => redis.status === "ready", "the command connection to this file's Redis");
  });
  afterAll(async () => {
    await stopInvalidationListener();
    await handle.redis?.stop();
    process.env.REDIS_URL = sharedRedisUrl;
  });
  return handle;
}
