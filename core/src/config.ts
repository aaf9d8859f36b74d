/**
 * The environment, parsed once at boot. A bad value stops the process with a
 * message that names the variable, instead of failing later somewhere else.
 */

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/** The names Express's `trust proxy` knows for whole ranges (proxy-addr). */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, an address/prefix subnet, or one of the range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split("/");
  if (extra !== undefined || !isIP(address)) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (isIP(address) === 4 ? 32 : 128);
}

export const TRUST_PROXY_INVALID =
  'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or subnets (e.g. "loopback" or "10.0.0.0/8, 127.0.0.1")';

/**
 * Which proxies' X-Forwarded-For and X-Forwarded-Proto count (docs/auth.md):
 * a hop count or a list, as Express's `trust proxy` takes them. "true" is
 * refused: it trusts whatever address a client writes, so anyone reaching the port could
 * pick the address every limit counts by.
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): number | string[] | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  if (value.toLowerCase() === "true") {
    ctx.addIssue({
      code: "custom",
      message: `${TRUST_PROXY_INVALID}, not "true": "true" trusts every address a client writes in X-Forwarded-For`,
    });
    return z.NEVER;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  if (!entries.every(isProxyAddress)) {
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_INVALID });
    return z.NEVER;
  }
  return entries;
}

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  // The address the web process listens on; unset: every interface. Behind a balancer, a
  // private one (docs/auth.md).
  HOST: optional,
  APP_URL: optional,
  DATABASE_URL: optional,
  REDIS_URL: optional,
  REDIS_PREFIX: z.string().default("sched:"),
  SESSION_SECRET: optional,
  DATA_DIR: optional,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // One line per request at info level; otherwise at debug level (seen with LOG_LEVEL=debug).
  ACCESS_LOG: optional,
  TRUST_PROXY: optional.transform((value, ctx) => parseTrustProxy(value, ctx)),
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(12),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default("Scheduler <no-reply@scheduler.local>"),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: optional,
  STRIPE_API_PROTOCOL: optional,
  // Text messages to customers (docs/customers.md, "Text messages"); unset: written to data/outbox/.
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional,
  // Where the Twilio SDK sends its requests instead of https://api.twilio.com (the tests' stub).
  TWILIO_API_URL: optional.refine((value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value), {
    message: "must be an http(s) URL",
  }),
  STRIPE_PRICE_BASIC: optional,
  STRIPE_PRICE_PRO: optional,
  PLAN_BASIC_PRICE_CENTS: z.coerce.number().int().min(0).default(2900),
  PLAN_PRO_PRICE_CENTS: z.coerce.number().int().min(0).default(7900),
  ADMIN_SETUP_PASSWORD: optional,
  // Accounts one address may create in an hour (docs/api.md); test runs register from one address.
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Online bookings one network may make in an hour (docs/booking.md); the bench books from one address.
  BOOKINGS_PER_NETWORK_PER_HOUR: z.coerce.number().int().min(1).default(10),
  SEED_DEMO: z.string().default("1"),
  // Street-level geocoding (docs/places.md): a Nominatim- or Photon-compatible API; unset: the
  // offline places (postal code, town) only.
  GEOCODER_URL: optional.refine((value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value), {
    message: "must be an http(s) URL of a Nominatim- or Photon-compatible API",
  }),
  GEOCODER_KIND: z.enum(["nominatim", "photon"]).optional(),
  GEOCODER_KEY: optional,
  GEOCODER_KEY_PARAM: z.string().default("key"),
  GEOCODER_USER_AGENT: optional,
  GEOCODER_EMAIL: optional,
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // Nominatim's usage policy allows one request a second.
  GEOCODER_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(100).default(1),
  // Drive times from a routing engine (docs/places.md, "Drive time"): an OSRM-compatible API
  // (/table/v1/driving/) or Valhalla (/sources_to_targets); unset: the estimate from the settings.
  ROUTING_URL: optional.refine((value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value), {
    message: "must be an http(s) URL of an OSRM- or Valhalla-compatible API",
  }),
  ROUTING_KIND: z.enum(["osrm", "valhalla"]).default("osrm"),
  ROUTING_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  // The Map view's basemap style (a MapLibre style JSON over http(s)); unset: a plain background,
  // nothing loaded from elsewhere (docs/schedule.md, "Map"). Its origin is allowed by the CSP.
  MAP_STYLE_URL: optional.refine((value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value), {
    message: "must be an http(s) URL of a MapLibre style JSON",
  }),
});

export type Config = ReturnType<typeof loadConfig>;

/** The session secret: from the environment, or made once and kept under data/ for local runs. */
function sessionSecret(env: z.infer<typeof ZEnv>, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.NODE_ENV === "production") {
    throw new Error("SESSION_SECRET must be set in production (a long random string).");
  }
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(ROOT_DIR, env.DATA_DIR ?? "data");
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    isTest: env.NODE_ENV === "test",
    port: env.PORT,
    host: env.HOST,
    appUrl,
    appOrigin: new URL(appUrl).origin,
    databaseUrl: env.DATABASE_URL,
    /** How long a new database connection may take before the request answers 503 (docs/reliability.md). */
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    redisUrl: env.REDIS_URL ?? "redis://127.0.0.1:6379",
    redisPrefix: env.REDIS_PREFIX,
    sessionSecret: sessionSecret(env, dataDir),
    dataDir,
    logLevel: env.LOG_LEVEL,
    accessLog: env.ACCESS_LOG === "1",
    trustProxy: env.TRUST_PROXY,
    bcryptRounds: env.BCRYPT_ROUNDS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiHost: env.STRIPE_API_HOST,
      apiPort: env.STRIPE_API_PORT,
      apiProtocol: env.STRIPE_API_PROTOCOL as "http" | "https" | undefined,
      priceIds: { basic: env.STRIPE_PRICE_BASIC, pro: env.STRIPE_PRICE_PRO },
    },
    planPrices: { basic: env.PLAN_BASIC_PRICE_CENTS, pro: env.PLAN_PRO_PRICE_CENTS },
    /** Texts through Twilio when all three are set (core/src/texts/provider.ts); else to the outbox folder. */
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL,
          }
        : undefined,
    adminSetupPassword: env.ADMIN_SETUP_PASSWORD,
    registrationsPerIpPerHour: env.REGISTRATIONS_PER_IP_PER_HOUR,
    bookingsPerNetworkPerHour: env.BOOKINGS_PER_NETWORK_PER_HOUR,
    /** The Map view's basemap style, if any (docs/schedule.md, "Map"). */
    mapStyleUrl: env.MAP_STYLE_URL,
    /** Street-level geocoding, if configured (core/src/places/geocoder.ts, docs/places.md). */
    geocoder: env.GEOCODER_URL
      ? {
          url: env.GEOCODER_URL,
          kind: env.GEOCODER_KIND,
          key: env.GEOCODER_KEY,
          keyParam: env.GEOCODER_KEY_PARAM,
          userAgent: env.GEOCODER_USER_AGENT ?? `Scheduler (${appUrl})`,
          email: env.GEOCODER_EMAIL,
          timeoutMs: env.GEOCODER_TIMEOUT_MS,
          requestsPerSecond: env.GEOCODER_REQUESTS_PER_SECOND,
        }
      : undefined,
    /** A routing engine for drive times, if configured (core/src/places/drive-times.ts). */
    routing: env.ROUTING_URL
      ? { url: env.ROUTING_URL, kind: env.ROUTING_KIND, timeoutMs: env.ROUTING_TIMEOUT_MS }
      : undefined,
    // The demo company's passwords are published in the README: never in production.
    seedDemo: env.SEED_DEMO !== "0" && env.NODE_ENV !== "production",
    /** Browsers keep a Secure cookie only over https: Secure exactly when the app is served so. */
    isHttps: new URL(appUrl).protocol === "https:",
  };
}

export const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
})();
