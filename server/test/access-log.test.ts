/**
 * The access log (server/src/http/access-log.ts) sees every request, whatever route
 * answers it: one line with method, path, status, duration and request id, and no token
 * that a path carries as a key.
 */
import { logger } from "@sched/core/logger";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { afterEach, describe, expect, it, vi } from "vitest";
import { agentFor, anonymous } from "./support";

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
