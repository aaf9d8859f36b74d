/**
 * The access log (server/src/http/access-log.ts) sees every request, whatever route
 * answers it: one line with method, path, status, duration and request id, and no token
 * that a path carries as a key.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { logger } from "@sched/core/logger";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOKEN_PAGES, tokenPaths } from "../src/http/token-paths";
import { agentFor, anonymous, app } from "./support";

type Line = { method: string; path: string; status: number; ms: number; requestId: string };

/** Records the access log's lines (debug level, as ACCESS_LOG is not set in tests). */
function recordLines(): Line[] {
  const lines: Line[] = [];
  vi.spyOn(logger, "isLevelEnabled").mockReturnValue(true);
  vi.spyOn(logger, "debug").mockImplementation(((line: Line, message: string) => {
    if (message === "request") lines.push(line);
  }) as typeof logger.debug);
  return lines;
}

/** The line of the request whose answer carried `requestId`, once it is written. */
async function lineOf(lines: Line[], requestId: string): Promise<Line> {
  return vi.waitFor(() => {
    const line = lines.find((candidate) => candidate.requestId === requestId);
    if (!line) throw new Error(`no access log line for ${requestId}`);
    return line;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the access log", () => {
  it("writes one line per request: the job change, the week, an error and the webhook", async () => {
    const { company, owner, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: "2026-11-24" });
    const agent = await agentFor(owner);
    const lines = recordLines();

    const answers = [
      await agent.put(`/api/jobs/${job.id}`).send({ time: "10:00" }),
      await agent.get(`/api/jobs?companyId=${company.id}&startDate=2026-11-23&endDate=2026-11-29`),
      await agent.get("/api/no-such-thing"),
      await anonymous().post("/api/stripe/webhook").send("{}"),
    ];
    const expected = [
      ["PUT", `/api/jobs/${job.id}`, 200],
      ["GET", "/api/jobs", 200],
      ["GET", "/api/no-such-thing", 404],
      ["POST", "/api/stripe/webhook", answers[3].status],
    ];
    for (const [index, answer] of answers.entries()) {
      const line = await lineOf(lines, answer.headers["x-request-id"]);
      expect([line.method, line.path, line.status]).toEqual(expected[index]);
      expect(line.ms).toEqual(expect.any(Number));
    }
    expect(lines).toHaveLength(answers.length);
  });

  it("masks a token that a path carries as its key", async () => {
    const lines = recordLines();
    const token = "a".repeat(43);
    const answer = await anonymous().get(`/api/calendar/${token}.ics`);
    const line = await lineOf(lines, answer.headers["x-request-id"]);
    expect(line.path).toBe("/api/calendar/:token");
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});

/** A layer of Express's router: a route, or a router mounted at `rawPath`. */
type Layer = { rawPath?: unknown; route?: { path: unknown }; handle: { stack?: Layer[] } };

/** Every route path the app answers, with the paths its routers are mounted at. */
function appRoutePaths(stack: Layer[], prefix = ""): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) return [`${prefix}${String(layer.route.path)}`];
    if (!layer.handle.stack) return [];
    const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
    return appRoutePaths(layer.handle.stack, `${prefix}${mount}`);
  });
}

/** The client's pages whose path takes a token (the office app's router, the customer's pages). */
function clientTokenPages(): string[] {
  return ["../../client/src/app/router.tsx", "../../client/src/customer/pages.ts"].flatMap((file) => {
    const routes = readFileSync(new URL(file, import.meta.url), "utf8");
    return [...routes.matchAll(/path: "([^"]*:token[^"]*)"/g)].map((match) => `/${match[1]}`);
  });
}

describe("the access log and the paths that carry a token", () => {
  const withToken = (path: string, token: string) => path.replace(":token", token);

  it("has every route and client page that takes a token in its one list", () => {
    const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
    const routes = appRoutePaths(stack).filter((path) => /:\w*token/i.test(path));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    expect(clientTokenPages().sort()).toEqual([...TOKEN_PAGES].sort());
    expect(tokenPaths().sort()).toEqual([...TOKEN_PAGES, ...routes].sort());
  });

  it("writes no token of any of them, answered or refused, whatever the spelling", {
    timeout: 30_000,
  }, async () => {
    const lines = recordLines();
    const token = randomBytes(32).toString("base64url");
    const answers = [];
    for (const path of tokenPaths()) {
      const url = withToken(path, token);
      answers.push(
        await anonymous().get(url),
        await anonymous().post(url).send({ password: "a-new-password-2" }),
        // Refused before any route: a body that is not JSON, a path no route takes.
        await anonymous().post(url).set("Content-Type", "application/json").send("{"),
        await anonymous().get(`${url}/more`),
        await anonymous().get(url.toUpperCase().replace(token.toUpperCase(), token)),
        await anonymous().get(`/${url}`),
      );
    }
    for (const answer of answers) await lineOf(lines, answer.headers["x-request-id"]);
    expect(lines).toHaveLength(answers.length);
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(lines.map((line) => line.path)).toContain("/api/password-reset/:token");
    expect(lines.map((line) => line.path)).toContain("/reset-password/:token");
  });
});
