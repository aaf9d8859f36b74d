/**
 * GET /api/health, for load balancers, monitors and operators: 200
 * `{postgres: "ok", redis: "ok"}` when both answer, 503 naming the one that does not
 * (`{postgres: "ok", redis: "down"}`). Each check has HEALTH_CHECK_TIMEOUT_MS, so the
 * answer comes within about a second whatever is down. See docs/reliability.md.
 */
import { pool } from "@sched/core/db/client";
import { redis } from "@sched/core/redis";
import type { RequestHandler } from "express";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "./errors";

export const HEALTH_CHECK_TIMEOUT_MS = 1000;

export type DependencyState = "ok" | "down";

/** One check per dependency: resolves when it answers. */
export type HealthChecks = Record<string, () => Promise<unknown>>;

const DEPENDENCIES: HealthChecks = {
  postgres: () => pool.query("select 1"),
  redis: () => redis.ping(),
};

/** "ok" when `check` resolves within HEALTH_CHECK_TIMEOUT_MS, else "down". */
async function stateOf(check: () => Promise<unknown>): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DependencyState>((resolve) => {
    timer = setTimeout(() => resolve("down"), HEALTH_CHECK_TIMEOUT_MS);
  });
  const answer = check().then(
    (): DependencyState => "ok",
    (): DependencyState => "down",
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every dependency's state, checked at once. */
export async function checkHealth(
  checks: HealthChecks = DEPENDENCIES,
): Promise<Record<string, DependencyState>> {
  const names = Object.keys(checks);
  const states = await Promise.all(names.map((name) => stateOf(checks[name])));
  return Object.fromEntries(names.map((name, index) => [name, states[index]]));
}

export function healthHandler(checks: HealthChecks = DEPENDENCIES): RequestHandler {
  return async (_req, res) => {
    const states = await checkHealth(checks);
    const isHealthy = Object.values(states).every((state) => state === "ok");
    res.setHeader("Cache-Control", "no-store");
    if (!isHealthy) res.setHeader("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    res.status(isHealthy ? 200 : 503).json(states);
  };
}
