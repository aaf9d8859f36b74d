/**
 * A change counter per company for the jobs list (docs/schedule.md, "The list's ETag"):
 * every command that writes a job row bumps it after its commit and before it publishes
 * the change, so a web process that knows the company's current version knows whether a
 * list it answered before is still current, without asking PostgreSQL.
 *
 * The version lives in Redis (a hash per company: an epoch and a sequence number; a
 * flushed or restarted Redis starts a new epoch, so an old version can never come back)
 * and is mirrored in each web process through the invalidation channel: the bump itself
 * publishes the new version. The mirror is read only while the channel is healthy; a
 * version not known (Redis down, a cold process) is `undefined`, and the list falls back
 * to its database fingerprint.
 */
import { randomBytes } from "node:crypto";
import { logger } from "../logger";
import { logRedisFailure, REDIS_COMMAND_TIMEOUT_MS, redis, redisKey } from "../redis";
import {
  INVALIDATION_CHANNEL,
  invalidationPublisher,
  isChannelHealthy,
  onChannelReset,
  onInvalidation,
} from "./channel";

type Version = { epoch: string; seq: number; token: string };

const MAX_COMPANIES = 100_000;
/** Only a company id names a version: a request's odd id makes no key in Redis. */
const COMPANY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const versionKey = (companyId: string) => redisKey(`jobs-version:${companyId}`);
const newEpoch = () => randomBytes(6).toString("base64url");

/**
 * A company quiet for this long loses its version; the next one starts a new epoch, which
 * no process can mistake for an old version.
 */
const VERSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Adds one and tells every process the new version, in one step. */
const BUMP_SCRIPT = `
redis.call('HSETNX', KEYS[1], 'epoch', ARGV[1])
redis.call('EXPIRE', KEYS[1], ${VERSION_TTL_SECONDS})
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
local token = redis.call('HGET', KEYS[1], 'epoch') .. ':' .. seq
redis.call('PUBLISH', ARGV[2], 'jobs|' .. ARGV[3] .. '|' .. token)
return token`;

/** The current version; a company never bumped since Redis started gets one at 0. */
const READ_SCRIPT = `
redis.call('HSETNX', KEYS[1], 'epoch', ARGV[1])
redis.call('HSETNX', KEYS[1], 'seq', 0)
redis.call('EXPIRE', KEYS[1], ${VERSION_TTL_SECONDS})
local v = redis.call('HMGET', KEYS[1], 'epoch', 'seq')
return v[1] .. ':' .. v[2]`;

const mirror = new Map<string, Version>();
let generation = 0;

function parse(token: string): Version {
  const separator = token.lastIndexOf(":");
  return { epoch: token.slice(0, separator), seq: Number(token.slice(separator + 1)), token };
}

/** Messages from several processes may arrive out of order: within an epoch, the highest wins. */
function learn(companyId: string, token: string): void {
  const next = parse(token);
  const known = mirror.get(companyId);
  if (known && known.epoch === next.epoch && known.seq >= next.seq) return;
  if (!known && mirror.size >= MAX_COMPANIES) mirror.clear();
  mirror.set(companyId, next);
}

/** Whether version `later` is the one bump right after `earlier` (nothing else in between). */
export function isVersionAfter(later: string, earlier: string): boolean {
  const next = parse(later);
  const previous = parse(earlier);
  return next.epoch === previous.epoch && next.seq === previous.seq + 1;
}

onInvalidation("jobs", (body) => {
  const separator = body.indexOf("|");
  learn(body.slice(0, separator), body.slice(separator + 1));
});
onChannelReset(() => {
  generation++;
  mirror.clear();
});

/**
 * Bumps in flight, per company: until Redis answers, this process does not answer a list
 * from the version it holds (knownJobsVersion) and a list asked for waits for the answer
 * (currentJobsVersion), so no list of the company is answered from before the change.
 */
const inFlight = new Map<string, Set<Promise<void>>>();

function track(companyId: string, settled: Promise<void>): void {
  let bumps = inFlight.get(companyId);
  if (!bumps) {
    bumps = new Set();
    inFlight.set(companyId, bumps);
  }
  bumps.add(settled);
  // Registered before any caller awaits `settled`: a caller resuming after it finds it gone.
  void settled.then(() => {
    bumps.delete(settled);
    if (bumps.size === 0 && inFlight.get(companyId) === bumps) inFlight.delete(companyId);
  });
}

/**
 * Starts the bump of the company's version and returns at once: the returned promise
 * settles when this process has learned the new version (never rejects). Meanwhile this
 * process answers no list of the company from memory: lists wait for the bump. For a
 * writer that publishes an event the browsers apply in place and calls this right after,
 * in the same turn of the event loop (docs/realtime.md, "The job's event first"). Waits for Redis at most
 * REDIS_COMMAND_TIMEOUT_MS while it is connected, not at all while it is away (the bump
 * then goes out when it is back).
 */
export function jobsChanging(companyId: string): Promise<void> {
  const connection = invalidationPublisher();
  const bumped = connection
    .eval(BUMP_SCRIPT, 1, versionKey(companyId), newEpoch(), INVALIDATION_CHANNEL, companyId)
    .then(
      (token) => learn(companyId, String(token)),
      (error: unknown) => logger.warn({ err: error, companyId }, "jobs version not bumped"),
    );
  // Away: the channel is unhealthy too, so no list is answered from the version held.
  if (connection.status !== "ready") return Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, REDIS_COMMAND_TIMEOUT_MS);
  });
  const settled = Promise.race([bumped, timeout]).then(() => clearTimeout(timer));
  track(companyId, settled);
  return settled;
}

/**
 * A job of the company was created, changed or deleted (any writer): call after the commit
 * and before publishing the change, so that a browser refetching on the event finds the new
 * version everywhere. Never throws; waits as jobsChanging says.
 */
export async function jobsChanged(companyId: string): Promise<void> {
  await jobsChanging(companyId);
}

/**
 * The company's jobs version when this process already holds it, without asking Redis:
 * undefined when it does not (or cannot trust what it holds).
 */
export function knownJobsVersion(companyId: string): string | undefined {
  if (!isChannelHealthy() || inFlight.has(companyId)) return undefined;
  return mirror.get(companyId)?.token;
}

/**
 * The company's jobs version as this process knows it, or undefined when it cannot be
 * trusted (the channel is not healthy, or Redis did not answer).
 */
export async function currentJobsVersion(companyId: string): Promise<string | undefined> {
  if (!isChannelHealthy() || !COMPANY_ID.test(companyId)) return undefined;
  const bumps = inFlight.get(companyId);
  if (bumps) await Promise.all(bumps);
  const known = knownJobsVersion(companyId);
  if (known) return known;
  const startedIn = generation;
  let token: string;
  try {
    token = String(await redis.eval(READ_SCRIPT, 1, versionKey(companyId), newEpoch()));
  } catch (error) {
    logRedisFailure(error, "jobs version unavailable");
    return undefined;
  }
  // Emptied meanwhile: the answer may predate a message this process missed.
  if (startedIn !== generation || !isChannelHealthy()) return undefined;
  // A message may have arrived meanwhile: the newer of the two stays.
  learn(companyId, token);
  return mirror.get(companyId)?.token;
}
