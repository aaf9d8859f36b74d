import { Redis } from "ioredis";
import { config } from "./config";

/** One connection for commands (rate limits, counters); every key goes through `redisKey`. */
export const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });

/** REDIS_PREFIX namespaces every key, so several instances or test runs can share one Redis. */
export const redisKey = (key: string) => `${config.redisPrefix}${key}`;

/** A new connection with the same settings (Socket.IO's adapter needs its own pub and sub). */
export const newRedisConnection = () => new Redis(config.redisUrl, { maxRetriesPerRequest: null });
