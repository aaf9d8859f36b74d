/**
 * The fast lane (docs/realtime.md, "The fast lane"): the unchanged week and the empty chat
 * poll answered from memory before Express, with exactly the full path's status, headers
 * and body; and every request it must not answer (not signed in, a foreign company, an odd
 * query, a logout, a removal, a change) left to the full path; and the board's job change
 * run without Express's middleware, every answer and refusal the full path's. Runs against a Redis of its
 * own with this process listening on the invalidation channel, as a web process does.
 */
import type { IncomingMessage } from "node:http";
import { isChannelHealthy } from "@sched/core/cache/channel";
import { JOB_NOT_FOUND, PROGRESS_ONLY } from "@sched/core/commands/save-job";
import { staleMessage } from "@sched/core/commands/versions";
import { db } from "@sched/core/db/client";
import { jobs } from "@sched/core/db/schema";
import { toDateString } from "@sched/core/lib/dates";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import etag from "etag";
import request from "supertest";
import { describe, expect, it, vi } from "vitest";
import { fastLaneCounts, withFastLane } from "../src/http/fast-lane";
import { LANE_BODY_LIMIT } from "../src/http/job-change-lane";
import { userInMemory } from "../src/http/session-in-memory";
import { IF_MATCH_MALFORMED } from "../src/http/versions";
import { waitFor } from "./outage-support";
import { ownRedisWithCaches } from "./own-redis";
import { sessionCookieFor } from "./realtime-support";
import { app } from "./support";

// Read at import by core's config: REDIS_URL is set before anything below is imported.
const { redisPort, sharedRedisUrl } = await vi.hoisted(async () =>
  (await import("./outage-support")).pointRedisAtFreePort(),
);

ownRedisWithCaches(redisPort, sharedRedisUrl);

const lane = withFastLane(app);

const weekUrl = (companyId: string) =>
  `/api/jobs?companyId=${companyId}&startDate=2026-11-23&endDate=2026-11-29`;

/** Headers that differ between any two answers (the time, the request id, the connection). */
const PER_ANSWER = new Set(["date", "x-request-id", "connection", "keep-alive"]);

function sameAnswerParts(res: request.Response) {
  const headers = Object.fromEntries(
    Object.entries(res.headers as Record<string, string>).filter(([name]) => !PER_ANSWER.has(name)),
  );
  return { status: res.status, headers, text: res.text, body: res.body as unknown };
}

/**
 * Sends `extra` to the lane and to the full path alone, and returns both answers; the
 * lane's counts say whether it answered itself. A busy machine may stall this process past
 * the channel's heartbeat (the caches are then bypassed, correct but slower): it waits for
 * the channel first.
 */
async function both(url: string, cookie: string, extra: Record<string, string> = {}) {
  await waitFor(async () => isChannelHealthy(), "channel healthy");
  const answeredBefore = fastLaneCounts.answered;
  const viaLane = await request(lane).get(url).set("Cookie", cookie).set(extra);
  const answeredByLane = fastLaneCounts.answered > answeredBefore;
  const viaExpress = await request(app).get(url).set("Cookie", cookie).set(extra);
  return { viaLane, viaExpress, answeredByLane };
}

/** Lists `url` as `cookie` until the lane answers it: the session, membership, ETag, body and gzip in memory. */
async function warm(url: string, cookie: string) {
  const gzip = { "Accept-Encoding": "gzip" };
  await waitFor(async () => {
    await request(lane).get(url).set("Cookie", cookie).set(gzip);
    const before = fastLaneCounts.answered;
    await request(lane).get(url).set("Cookie", cookie).set(gzip);
    return fastLaneCounts.answered > before;
  }, "the week held in memory");
}

/** A signed-in owner whose week has a job and is held in memory. */
async function warmWeek() {
  const tenant = await buildTenant();
  await buildJob(tenant.company.id, tenant.employee.id, { date: "2026-11-24" });
  const cookie = await sessionCookieFor(tenant.owner);
  const url = weekUrl(tenant.company.id);
  await warm(url, cookie);
  return { ...tenant, cookie, url };
}

describe("what the fast lane answers", () => {
  it("answers an unchanged week exactly as the full path: gzip, plain, 304 and the company header", async () => {
    const { company, cookie, url } = await warmWeek();
    const first = await request(app).get(url).set("Cookie", cookie);
    const etag = first.headers.etag as string;
    const variants: [string, Record<string, string>][] = [
      [url, { "Accept-Encoding": "gzip, deflate, br" }],
      [url, { "Accept-Encoding": "identity" }],
      [url, { "Accept-Encoding": "gzip;q=0, identity" }],
      [url, { "If-None-Match": etag }],
      [url, { "If-None-Match": `W/"something-else"`, "Accept-Encoding": "gzip" }],
      [
        url.replace(`companyId=${company.id}&`, ""),
        { "X-Company-Id": company.id, "Accept-Encoding": "gzip" },
      ],
    ];
    for (const [variantUrl, headers] of variants) {
      const { viaLane, viaExpress, answeredByLane } = await both(variantUrl, cookie, headers);
      expect(answeredByLane, JSON.stringify(headers)).toBe(true);
      expect(sameAnswerParts(viaLane)).toEqual(sameAnswerParts(viaExpress));
      expect(viaLane.headers["x-request-id"]).toBeTruthy();
      expect(viaLane.headers["content-security-policy"]).toContain("default-src 'self'");
    }
    const named = await request(lane).get(url).set("Cookie", cookie).set("X-Request-Id", "trace-42");
    expect(named.headers["x-request-id"]).toBe("trace-42");
  });

  it("answers an empty chat poll (304 and 200 []) as the full path, and leaves a poll with news to it", async () => {
    const { company, owner } = await buildTenant();
    const cookie = await sessionCookieFor(owner);
    const sent = await request(app)
      .post("/api/chat")
      .set("Cookie", cookie)
      .send({ companyId: company.id, message: "On my way" });
    expect(sent.status).toBe(201);
    const pollUrl = `/api/chat?companyId=${company.id}&after=${sent.body.id}`;
    const warm = await request(app).get(pollUrl).set("Cookie", cookie);
    expect(warm.body).toEqual([]);

    const conditions: Record<string, string>[] = [{}, { "If-None-Match": warm.headers.etag as string }];
    for (const headers of conditions) {
      const { viaLane, viaExpress, answeredByLane } = await both(pollUrl, cookie, headers);
      expect(answeredByLane).toBe(true);
      expect(sameAnswerParts(viaLane)).toEqual(sameAnswerParts(viaExpress));
    }

    const newer = await request(app)
      .post("/api/chat")
      .set("Cookie", cookie)
      .send({ companyId: company.id, message: "Running late" });
    const { viaLane, answeredByLane } = await both(pollUrl, cookie, { "If-None-Match": warm.headers.etag });
    expect(answeredByLane).toBe(false);
    expect(viaLane.status).toBe(200);
    expect((viaLane.body as { id: string }[]).map((m) => m.id)).toEqual([newer.body.id]);
  });
});

describe("what the fast lane leaves to the full path", () => {
  it("a request without a valid signed session: 401 as the full path says", async () => {
    const { cookie, url } = await warmWeek();
    const tampered = cookie.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    for (const sentCookie of ["", "sched.sid=plain-id", tampered]) {
      const { viaLane, viaExpress, answeredByLane } = await both(url, sentCookie);
      expect(answeredByLane).toBe(false);
      expect([viaLane.status, viaLane.body]).toEqual([viaExpress.status, viaExpress.body]);
      expect(viaLane.status).toBe(401);
    }
  });

  it("an Accept-Encoding it does not read as a browser's plain list (a wildcard)", async () => {
    const { cookie, url } = await warmWeek();
    const { viaLane, viaExpress, answeredByLane } = await both(url, cookie, { "Accept-Encoding": "*" });
    expect(answeredByLane).toBe(false);
    expect(sameAnswerParts(viaLane)).toEqual(sameAnswerParts(viaExpress));
  });

  it("another company's week, a week without a company and an odd query: the full path's 403 and 400", async () => {
    const { cookie, url, company } = await warmWeek();
    const other = await buildTenant();
    // Its week is in memory too: only the membership can refuse it.
    await warm(weekUrl(other.company.id), await sessionCookieFor(other.owner));
    const cases: [string, number, string][] = [
      [weekUrl(other.company.id), 403, "You are not a member of this company"],
      [url.replace(`companyId=${company.id}&`, ""), 400, "Company id is required"],
      [`${url.replace("startDate=2026-11-23", "startDate=2026-11-31")}`, 400, ""],
      [`${url}&startDate=2026-11-22`, 400, ""],
      [`${url.replace("companyId=", "companyId=not-a-company")}`, 400, "Company id is required"],
    ];
    for (const [caseUrl, status, message] of cases) {
      const { viaLane, viaExpress, answeredByLane } = await both(caseUrl, cookie);
      expect(answeredByLane, caseUrl).toBe(false);
      expect(viaLane.status, caseUrl).toBe(status);
      expect(viaLane.body).toEqual(viaExpress.body);
      if (message) expect(viaLane.body.message).toBe(message);
    }
  });

  it("a session signed out, a member removed and a week changed: never the old answer", async () => {
    const { company, admin, employee, cookie, url } = await warmWeek();
    const before = await request(lane).get(url).set("Cookie", cookie);
    const etag = before.headers.etag as string;

    // A change: the same If-None-Match now gets the new list, not a 304.
    const moved = await request(lane).post("/api/jobs").set("Cookie", cookie).send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Repair",
      location: "2 Elm St",
      date: "2026-11-25",
      time: "10:00",
    });
    expect(moved.status).toBe(201);
    const changed = await request(lane).get(url).set("Cookie", cookie).set("If-None-Match", etag);
    expect(changed.status).toBe(200);
    expect(changed.body).toHaveLength(2);

    // A removal: the admin's warmed week is refused at once.
    const adminCookie = await sessionCookieFor(admin);
    await warm(url, adminCookie);
    const removed = await request(lane)
      .delete(`/api/companies/${company.id}/users/${admin.id}`)
      .set("Cookie", cookie);
    expect(removed.status).toBe(204);
    const refused = await request(lane).get(url).set("Cookie", adminCookie);
    expect([refused.status, refused.body.message]).toEqual([403, "You are not a member of this company"]);

    // A logout: the cookie is worthless at once.
    expect((await request(lane).post("/api/logout").set("Cookie", cookie)).status).toBe(200);
    expect((await request(lane).get(url).set("Cookie", cookie)).status).toBe(401);
  });
});

/** The session of `cookie` read once by the full path, so this process holds it (as after any request). */
async function warmSession(cookie: string) {
  await waitFor(async () => {
    await request(app).get("/api/companies").set("Cookie", cookie);
    return userInMemory({ headers: { cookie } } as IncomingMessage) !== undefined;
  }, "the session held in memory");
}

type Put = { body: string | object; headers?: Record<string, string>; url?: string };

/** Sends one PUT to the lane, then the same to the full path alone; whether the lane took it. */
async function bothPut(jobId: string, cookie: string, { body, headers = {}, url }: Put) {
  await waitFor(async () => isChannelHealthy(), "channel healthy");
  const path = url ?? `/api/jobs/${jobId}`;
  const send = (target: typeof lane) =>
    request(target)
      .put(path)
      .set("Cookie", cookie)
      .set("Content-Type", "application/json")
      .set(headers)
      .send(typeof body === "string" ? body : JSON.stringify(body));
  const answeredBefore = fastLaneCounts.answered;
  const viaLane = await send(lane);
  const answeredByLane = fastLaneCounts.answered > answeredBefore;
  const viaExpress = await send(app);
  return { viaLane, viaExpress, answeredByLane };
}

/** An owner, an employee member and a job, both sessions held in memory. */
async function jobAndSessions() {
  const tenant = await buildTenant();
  const job = await buildJob(tenant.company.id, tenant.employee.id, { date: "2026-11-24" });
  const cookie = await sessionCookieFor(tenant.owner);
  const employeeCookie = await sessionCookieFor(tenant.employeeUser);
  await warmSession(cookie);
  await warmSession(employeeCookie);
  return { ...tenant, job, cookie, employeeCookie };
}

describe("the job change's lane", () => {
  it("changes a job with the full path's answer: status, headers, body and ETag", async () => {
    const { job, cookie, company } = await jobAndSessions();
    const { viaLane, viaExpress, answeredByLane } = await bothPut(job.id, cookie, {
      body: { time: "10:30" },
    });
    expect(answeredByLane).toBe(true);
    expect(viaLane.status).toBe(200);
    expect(viaLane.body).toMatchObject({ id: job.id, time: "10:30", version: job.version + 1 });
    // The full path made the same change once more: only its version and time of change differ.
    const { version, updatedAt, ...sameJob } = viaExpress.body as { version: number; updatedAt: string };
    expect(version).toBe(job.version + 2);
    expect({ ...viaLane.body, version, updatedAt }).toEqual({ ...sameJob, version, updatedAt });
    const headers = (res: request.Response) => {
      const { etag: _etag, "content-length": _length, ...rest } = sameAnswerParts(res).headers;
      return rest;
    };
    expect(headers(viaLane)).toEqual(headers(viaExpress));
    expect(viaLane.headers.etag).toBe(etag(Buffer.from(viaLane.text), { weak: true }));
    expect(viaLane.headers["content-length"]).toBe(String(Buffer.byteLength(viaLane.text)));
    expect(viaLane.headers["content-security-policy"]).toContain("default-src 'self'");
    const week = await request(app)
      .get(`/api/jobs?companyId=${company.id}&startDate=2026-11-23&endDate=2026-11-29`)
      .set("Cookie", cookie);
    expect(week.body).toEqual([expect.objectContaining({ id: job.id, version: job.version + 2 })]);
    const named = await request(lane)
      .put(`/api/jobs/${job.id}`)
      .set("Cookie", cookie)
      .set("X-Request-Id", "trace-43")
      .send({ status: "in_progress" });
    expect([named.status, named.headers["x-request-id"]]).toEqual([200, "trace-43"]);
  });

  it("changes one occurrence of a recurring job alone, as a change without a scope does", async () => {
    const { company, employee, cookie } = await jobAndSessions();
    const series = await request(app)
      .post("/api/job-series")
      .set("Cookie", cookie)
      .send({
        companyId: company.id,
        employeeId: employee.id,
        type: "Maintenance",
        location: "Boiler room, 4 Elm St",
        time: "09:00",
        startDate: toDateString(new Date()),
        rrule: "FREQ=WEEKLY;COUNT=3",
      });
    expect(series.status).toBe(201);
    const occurrences = () =>
      db.select().from(jobs).where(eq(jobs.seriesId, series.body.id)).orderBy(jobs.date);
    const [, second] = await occurrences();
    const { viaLane, answeredByLane } = await bothPut(second.id, cookie, { body: { time: "13:00" } });
    expect([answeredByLane, viaLane.status]).toEqual([true, 200]);
    expect((await occurrences()).map((row) => [row.time, row.isDetached])).toEqual([
      ["09:00", false],
      ["13:00", true],
      ["09:00", false],
    ]);
  });

  it("refuses as the full path does, to the byte, and changes nothing", async () => {
    const { job, cookie, employeeCookie } = await jobAndSessions();
    const other = await buildTenant();
    const foreign = await buildJob(other.company.id, other.employee.id);
    const cases: [Put & { cookie?: string; id?: string }, number, string][] = [
      [{ body: { time: "25:00" } }, 400, ""],
      [{ body: '{"time":' }, 400, "Malformed JSON body"],
      [{ body: '"09:00"' }, 400, "Malformed JSON body"],
      [{ body: {} }, 400, "Nothing to update"],
      [{ body: { time: "12:00", version: job.version + 5 } }, 409, staleMessage("Someone else", "job")],
      [{ body: { time: "12:00" }, headers: { "If-Match": "soon" } }, 400, IF_MATCH_MALFORMED],
      [{ body: { time: "12:00" }, id: foreign.id }, 404, JOB_NOT_FOUND],
      [{ body: { time: "12:00" }, id: "6f1d2c1e-5b7a-4c1e-9a52-3d1f0c2b7e11" }, 404, JOB_NOT_FOUND],
      [{ body: { time: "12:00" }, cookie: employeeCookie }, 403, PROGRESS_ONLY],
    ];
    for (const [put, status, message] of cases) {
      const what = JSON.stringify(put);
      const { viaLane, viaExpress, answeredByLane } = await bothPut(
        put.id ?? job.id,
        put.cookie ?? cookie,
        put,
      );
      expect(answeredByLane, what).toBe(true);
      expect(viaLane.status, what).toBe(status);
      if (message) expect(viaLane.body.message, what).toBe(message);
      expect(sameAnswerParts(viaLane), what).toEqual(sameAnswerParts(viaExpress));
    }
    const [unchanged] = (
      await request(app)
        .get(`/api/jobs?companyId=${job.companyId}&startDate=2026-11-23&endDate=2026-11-29`)
        .set("Cookie", cookie)
    ).body as { time: string; version: number }[];
    expect([unchanged.time, unchanged.version]).toEqual([job.time, job.version]);
  });

  it("leaves to Express what it does not take: a key, a query, another type or origin, a big body, a session not held", async () => {
    const { job, cookie } = await jobAndSessions();
    const change = { time: "11:00" };
    const cases: [string, Put, number][] = [
      ["an Idempotency-Key", { body: change, headers: { "Idempotency-Key": "lane-test-key-1" } }, 200],
      ["a query", { body: change, url: `/api/jobs/${job.id}?scope=this` }, 200],
      ["another content type", { body: change, headers: { "Content-Type": "text/plain" } }, 400],
      ["another origin", { body: change, headers: { Origin: "https://evil.example" } }, 403],
      // A photo's size; this one is refused by the route's schema, a description that long.
      ["a body past the lane's limit", { body: { description: "x".repeat(LANE_BODY_LIMIT) } }, 400],
    ];
    for (const [what, put, status] of cases) {
      const { viaLane, answeredByLane } = await bothPut(job.id, cookie, put);
      expect(answeredByLane, what).toBe(false);
      expect(viaLane.status, what).toBe(status);
    }
    const fresh = await sessionCookieFor((await buildTenant()).owner);
    const { viaLane, answeredByLane } = await bothPut(job.id, fresh, { body: change });
    expect([answeredByLane, viaLane.status]).toEqual([false, 404]);
  });
});
