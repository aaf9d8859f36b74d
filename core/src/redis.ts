/**
 * The Redis connections. Redis holds only what the app can do without for a while
 * (sign-in counters, the chat pointer, queued jobs, realtime fan-out), so a request
 * never waits for it (docs/reliability.md):
 *
 * - `redis` and `newFailFastConnection()` serve request paths: a command without a
 *   connection fails at once (no offline queue), one without an answer fails after
 *   REDIS_COMMAND_TIMEOUT_MS, and the connection keeps reconnecting in the background.
 * - `newPublishConnection()` publishes realtime events: a publish during an outage is
 *   lost (clients refetch when their socket reconnects), never thrown at the caller.
 * - `newRedisConnection()` waits for Redis as long as it takes: for BullMQ workers and
 *   Socket.IO subscribers, which serve no request and must not lose a subscription.
 */
import { Redis, type RedisOptions } from "ioredis";
import { config } from "./config";
import { logger } from "./logger";

/** How long a request waits for one Redis answer before it goes on without it. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** Reconnects forever, never more than a second apart, so a returning Redis is used at once. */
const reconnectSoon = (attempt: number) => Math.min(attempt * 100, 1000);

const FAIL_FAST = {
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
  // A Redis that stops answering drops the connection, so the next commands fail at once
  // (not a second each) until it answers again.
  socketTimeout: REDIS_COMMAND_TIMEOUT_MS,
  // Whatever was waiting when a connection drops fails then, instead of being replayed later.
  maxRetriesPerRequest: 0,
  retryStrategy: reconnectSoon,
} satisfies RedisOptions;

/**
 * The commands Socket.IO's Redis adapter and emitter send without waiting for the answer:
 * publishing, and (un)subscribing as a gateway opens or closes.
 */
const UNAWAITED_COMMANDS = new Set(["publish", "subscribe", "psubscribe", "unsubscribe", "punsubscribe"]);

/**
 * A connection on which an unawaited command that fails (Redis away, or the connection
 * closed under it) is logged, instead of surfacing as an unhandled rejection that would
 * stop the process. A realtime event published during an outage is lost this way:
 * clients refetch when their socket reconnects.
 */
class QuietRedis extends Redis {
  override sendCommand(...args: Parameters<Redis["sendCommand"]>): unknown {
    const [command] = args;
    const sent = super.sendCommand(...args);
    if (command.name === "publish") {
      command.promise.catch((error: unknown) => logRedisFailure(error, "realtime event lost"));
    } else if (UNAWAITED_COMMANDS.has(command.name)) {
      // A subscription ends with its connection anyway; a subscriber reconnects and subscribes again.
      command.promise.catch((error: unknown) => logger.debug({ err: error }, `redis ${command.name} failed`));
    }
    return sent;
  }
}

/** Logs an outage once when it starts and once when it ends, not at every reconnect attempt. */
function reportOutages(connection: Redis, name: string): void {
  let isDown = false;
  connection.on("error", (error) => {
    if (isDown) return;
    isDown = true;
    logger.warn({ err: error, connection: name }, "redis unavailable, reconnecting in the background");
  });
  connection.on("ready", () => {
    if (!isDown) return;
    isDown = false;
    logger.info({ connection: name }, "redis back");
  });
}

/**
 * Commands sent before the very first connection is made (a few milliseconds at start)
 * wait for it; from its first outcome on, a command without a connection fails at once.
 */
function failFast<R extends Redis>(connection: R, name: string): R {
  const stopQueueing = () => {
    connection.options.enableOfflineQueue = false;
  };
  connection.once("ready", stopQueueing);
  connection.once("close", stopQueueing);
  reportOutages(connection, name);
  return connection;
}

/** True when a fail-fast connection is known to be without Redis (not merely still connecting at start). */
export const isRedisAway = (connection: Redis) =>
  connection.status !== "ready" && connection.options.enableOfflineQueue === false;

/** A new fail-fast connection (the e-mail queue's producer has its own). */
export const newFailFastConnection = (
  name: string,
  timeouts: Pick<RedisOptions, "commandTimeout" | "socketTimeout"> = {},
) => failFast(new QuietRedis(config.redisUrl, { ...FAIL_FAST, ...timeouts, enableOfflineQueue: true }), name);

/** The connection for commands on request paths; every key goes through `redisKey`. */
export const redis = newFailFastConnection("commands");

/** REDIS_PREFIX namespaces every key, so several instances or test runs can share one Redis. */
export const redisKey = (key: string) => `${config.redisPrefix}${key}`;

/** Logs a failed Redis call: a warning while the connection is up, quietly during a known outage. */
export function logRedisFailure(error: unknown, what: string): void {
  if (redis.status === "ready") logger.warn({ err: error }, what);
  else logger.debug({ err: error }, what);
}

/** Nothing waits for a publish; the adapter's own questions to the other processes get 5 s. */
const PUBLISH_TIMEOUTS = { commandTimeout: 5000, socketTimeout: 5000 };

/**
 * A connection for publishing realtime events: the web process's Socket.IO adapter and,
 * in a process without a gateway, the emitter.
 */
export const newPublishConnection = () => newFailFastConnection("publish", PUBLISH_TIMEOUTS);

/** A patient connection (BullMQ workers, subscribers): its commands wait for Redis to return. */
export function newRedisConnection(): Redis {
  const connection = new QuietRedis(config.redisUrl, {
    maxRetriesPerRequest: null,
    retryStrategy: reconnectSoon,
  });
  reportOutages(connection, "patient");
  return connection;
}
