/**
 * The fast lane (docs/realtime.md, "The fast lane"): the two requests every open screen
 * repeats all day, the board's week (GET /api/jobs) and the chat poll with nothing new
 * (GET /api/chat), answered before Express sees them when everything the answer depends on
 * is already in this process's memory: the signed session, the membership, and the list's
 * current ETag and body (or, for the chat, the Redis pointer to the newest message).
 *
 * It only ever answers what the full path would answer, with the same status, headers and
 * body (server/test/fast-lane.test.ts compares the two). Anything it is not sure of (a
 * cookie or session not in memory, a membership not kept, a list not built at the current
 * version, an odd query, a request with a body, a chat with something new) goes to the
 * Express app unchanged, which stays the one full path and gives every error.
 *
 * The board's job change goes through here too (./job-change-lane.ts): never answered from
 * memory, it is run by its route's own handler without the middleware in front of it.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { parse as parseQuery } from "node:querystring";
import { type ChatPointer, knownChatPointer, NO_MESSAGES, readChatPointer } from "@sched/core/chat-latest";
import { isAllowed } from "@sched/core/policies/authorize";
import { type CompanyAccess, cachedCompanyAccess } from "@sched/core/policies/company-access";
import { type JobFilter, jobListFromMemory } from "@sched/core/queries/list-jobs";
import { COMPANY_HEADER, ZChatQuery, ZJobListQuery } from "@sched/shared-types";
import fresh from "fresh";
import type { z } from "zod";
import { CHAT_VARY, chatEtag, JOBS_VARY, REVALIDATE_ALWAYS } from "./cache-headers";
import { takeJobChange } from "./job-change-lane";
import { securityHeaderPairs } from "./security-headers";
import { userInMemory } from "./session-in-memory";

type Headers = [string, string][];

/** How many requests the lane answered and passed on (the tests read them). */
export const fastLaneCounts = { answered: 0, passed: 0 };

/**
 * The member behind the request, allowed to read the company's schedule and chat: the
 * company as the full path reads it (the query's companyId, else the X-Company-Id header;
 * a GET with a body goes the full way, as its body would come before the header).
 */
function readerInMemory(req: IncomingMessage, queryCompanyId: string | undefined): CompanyAccess | undefined {
  const userId = userInMemory(req);
  if (!userId) return undefined;
  const header = req.headers[COMPANY_HEADER.toLowerCase()];
  const companyId = queryCompanyId ?? (typeof header === "string" ? header : undefined);
  if (!companyId) return undefined;
  const member = cachedCompanyAccess(userId, companyId);
  return member && isAllowed(member, "read") ? member : undefined;
}

/** The query as Express parses it (the "simple" parser), checked with the route's own schema. */
function parsedQuery<S extends z.ZodType>(search: string, schema: S): z.infer<S> | undefined {
  const parsed = schema.safeParse({ ...parseQuery(search) });
  return parsed.success ? parsed.data : undefined;
}

type Answer = { status: 200 | 304; headers: Headers; body?: Buffer };

function jobsAnswer(req: IncomingMessage, search: string): Answer | undefined {
  const query = parsedQuery(search, ZJobListQuery);
  if (!query) return undefined;
  const member = readerInMemory(req, query.companyId);
  if (!member) return undefined;
  const filter: JobFilter = {
    startDate: query.startDate,
    endDate: query.endDate,
    employeeId: query.employeeId,
    unscheduled: query.unscheduled,
  };
  const list = jobListFromMemory(member.companyId, filter);
  if (!list) return undefined;
  const headers: Headers = [
    ["Cache-Control", REVALIDATE_ALWAYS],
    ["Vary", JOBS_VARY],
    ["ETag", list.etag],
  ];
  if (fresh(req.headers, { etag: list.etag })) return { status: 304, headers };
  if (!list.body) return undefined;
  headers.push(["Content-Type", "application/json; charset=utf-8"]);
  const gzip = acceptsGzip(req);
  if (gzip === undefined) return undefined;
  if (gzip) {
    if (!list.body.gzippedNow) return undefined;
    headers.push(["Content-Encoding", "gzip"]);
    return { status: 200, headers, body: list.body.gzippedNow };
  }
  return { status: 200, headers, body: list.body.json };
}

/**
 * The empty poll: the caller already has the newest message, as this process holds it or
 * else as Redis says. Anything else takes the full path.
 */
function chatAnswer(req: IncomingMessage, search: string): Answer | Promise<Answer | undefined> | undefined {
  const query = parsedQuery(search, ZChatQuery);
  if (!query) return undefined;
  const member = readerInMemory(req, query.companyId);
  if (!member) return undefined;
  const known = knownChatPointer(member.companyId);
  if (known) return emptyPollAnswer(req, query.after, known);
  return readChatPointer(member.companyId).then((pointer) => emptyPollAnswer(req, query.after, pointer));
}

function emptyPollAnswer(
  req: IncomingMessage,
  after: string | undefined,
  pointer: ChatPointer | null,
): Answer | undefined {
  if (!pointer || pointer.id !== (after ?? NO_MESSAGES.id)) return undefined;
  const etag = chatEtag(after);
  const headers: Headers = [
    ["Cache-Control", REVALIDATE_ALWAYS],
    ["Vary", CHAT_VARY],
    ["ETag", etag],
  ];
  if (fresh(req.headers, { etag })) return { status: 304, headers };
  headers.push(["Content-Type", "application/json; charset=utf-8"]);
  return { status: 200, headers, body: Buffer.from("[]") };
}

/**
 * Whether the full path would send gzip (Express's acceptsEncodings("gzip")), for the plain
 * lists browsers send; undefined for anything else (a wildcard, say), which the full path decides.
 */
function acceptsGzip(req: IncomingMessage): boolean | undefined {
  const header = req.headers["accept-encoding"];
  if (!header) return false;
  let accepts = false;
  for (const part of header.split(",")) {
    const [coding, ...params] = part.trim().split(";");
    const name = coding.trim().toLowerCase();
    if (name === "*") return undefined;
    if (name !== "gzip") continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    accepts = q === undefined || Number(q.slice(2)) > 0;
  }
  return accepts;
}

/** What the lane can answer; undefined for every other request. */
function answerFor(req: IncomingMessage): Answer | Promise<Answer | undefined> | undefined {
  if (req.method !== "GET" || !req.url) return undefined;
  // A body (unusual on a GET) may name the company: the full path reads it.
  if (req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined)
    return undefined;
  const queryAt = req.url.indexOf("?");
  const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  const search = queryAt === -1 ? "" : req.url.slice(queryAt + 1);
  if (path === "/api/jobs") return jobsAnswer(req, search);
  if (path === "/api/chat") return chatAnswer(req, search);
  return undefined;
}

/** Puts the fast lane in front of `app`: what it cannot answer from memory, `app` answers. */
export function withFastLane(app: RequestListener): RequestListener {
  const security = securityHeaderPairs();
  const send = (req: IncomingMessage, res: ServerResponse, answer: Answer) => {
    fastLaneCounts.answered++;
    const requestId = req.headers["x-request-id"];
    const headers: Headers = [
      ["X-Request-Id", typeof requestId === "string" ? requestId : randomUUID()],
      ...security,
      ...answer.headers,
    ];
    if (answer.body) headers.push(["Content-Length", String(answer.body.length)]);
    res.writeHead(answer.status, headers.flat());
    res.end(answer.status === 304 ? undefined : answer.body);
  };
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    fastLaneCounts.passed++;
    app(req, res);
  };
  return (req, res) => {
    if (takeJobChange(req, res, security)) {
      fastLaneCounts.answered++;
      return;
    }
    let answer: ReturnType<typeof answerFor>;
    try {
      answer = answerFor(req);
    } catch {
      answer = undefined;
    }
    if (answer === undefined) return pass(req, res);
    if (!(answer instanceof Promise)) return send(req, res, answer);
    answer.then(
      (ready) => (ready ? send(req, res, ready) : pass(req, res)),
      () => pass(req, res),
    );
  };
}
