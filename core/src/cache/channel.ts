/**
 * The cache invalidation channel (docs/realtime.md, "Caches in the web process"): one
 * Redis pub/sub channel on which any process (a web process, the worker, a script) says
 * what it changed, and every web process drops its in-memory copy of it.
 *
 * A web process may serve from its caches only while it is sure to hear every such
 * message: its subscriber is connected and subscribed, and Redis has answered a ping on it
 * in the last HEALTHY_WITHIN_MS. Otherwise every cache is bypassed (PostgreSQL answers every
 * time: correct, slower). A dropped connection loses the messages sent meanwhile, so every
 * cache starts empty at each new subscription. A silence without a drop (Redis frozen, this
 * process stalled) loses nothing: Redis answers the ping only after the messages it sent
 * before it, so the caches are used again from the next answer on. Processes that never
 * listen (the worker, tests that build the app in-process) never cache; they only publish.
 */
import type { Redis } from "ioredis";
import { config } from "../config";
import { logger } from "../logger";
import { newRedisConnection } from "../redis";

export const INVALIDATION_CHANNEL = `${config.redisPrefix}cache-invalidation`;

/** How often the subscriber pings Redis, and how old the last answer may be for the caches to be used. */
const PING_EVERY_MS = 200;
export const HEALTHY_WITHIN_MS = 800;

/** A message is `<kind>|<body>`; each cache handles its own kind. */
export type InvalidationKind = "session" | "member" | "company" | "jobs" | "chat";

const handlers = new Map<InvalidationKind, (body: string) => void>();
const resetHandlers = new Set<() => void>();

let subscriber: Redis | undefined;
let publisher: Redis | undefined;
let heartbeat: NodeJS.Timeout | undefined;
let isSubscribed = false;
let lastPongAt = 0;

/** True when this process hears every invalidation now: its caches may be read and filled. */
export function isChannelHealthy(): boolean {
  return isSubscribed && Date.now() - lastPongAt < HEALTHY_WITHIN_MS;
}

/** `handler` receives the body of every message of `kind`, from any process, this one included. */
export function onInvalidation(kind: InvalidationKind, handler: (body: string) => void): void {
  handlers.set(kind, handler);
}

/** `handler` empties a cache: called whenever the channel may have missed a message. */
export function onChannelReset(handler: () => void): void {
  resetHandlers.add(handler);
}

function resetCaches(): void {
  for (const reset of resetHandlers) reset();
}

function dispatch(message: string): void {
  const separator = message.indexOf("|");
  const kind = message.slice(0, separator) as InvalidationKind;
  handlers.get(kind)?.(message.slice(separator + 1));
}

/** The connection that publishes: it waits for Redis rather than dropping a message. */
export function invalidationPublisher(): Redis {
  publisher ??= newRedisConnection();
  return publisher;
}

/**
 * Tells every process (this one at once) that `kind`/`body` changed. Never throws and never
 * waits: during an outage the message waits in the connection, and the listeners, whose
 * channel is then unhealthy, bypass and later empty their caches anyway.
 */
export function publishInvalidation(kind: InvalidationKind, body: string): void {
  dispatch(`${kind}|${body}`);
  invalidationPublisher()
    .publish(INVALIDATION_CHANNEL, `${kind}|${body}`)
    .catch((error: unknown) => logger.warn({ err: error, kind }, "cache invalidation not published"));
}

/** Pings `connection` one ping at a time, only while it is live: a frozen Redis does not pile them up. */
function heartbeatOf(connection: Redis): () => void {
  let isPinging = false;
  return () => {
    if (isPinging || connection.status !== "ready") return;
    isPinging = true;
    connection
      .ping()
      .then(
        () => {
          if (subscriber === connection) lastPongAt = Date.now();
        },
        () => {},
      )
      .finally(() => {
        isPinging = false;
      });
  };
}

/**
 * Starts listening (a web process, at start): from the first subscription on, this
 * process's caches are used. Resolves once subscribed.
 */
export function startInvalidationListener(): Promise<void> {
  if (subscriber) return Promise.resolve();
  const connection = newRedisConnection();
  // Subscribed by hand on every connect, so the caches are emptied before each new subscription.
  connection.options.autoResubscribe = false;
  subscriber = connection;
  // A connection stopped and replaced (tests) says nothing about its successor.
  const lost = () => {
    if (subscriber !== connection) return;
    isSubscribed = false;
    resetCaches();
  };
  connection.on("close", lost);
  connection.on("end", lost);
  connection.on("message", (_channel: string, message: string) => dispatch(message));
  const subscribed = new Promise<void>((resolve) => {
    connection.on("ready", () => {
      connection.subscribe(INVALIDATION_CHANNEL).then(
        () => {
          if (subscriber !== connection) return;
          resetCaches();
          isSubscribed = true;
          lastPongAt = Date.now();
          resolve();
        },
        (error: unknown) => logger.warn({ err: error }, "cache invalidation channel not subscribed"),
      );
    });
  });
  heartbeat = setInterval(heartbeatOf(connection), PING_EVERY_MS);
  heartbeat.unref();
  return subscribed;
}

/** Stops listening (shutdown, tests): every cache is bypassed from now on. */
export async function stopInvalidationListener(): Promise<void> {
  clearInterval(heartbeat);
  heartbeat = undefined;
  const connection = subscriber;
  subscriber = undefined;
  isSubscribed = false;
  resetCaches();
  connection?.disconnect();
}
