/**
 * The job change's lane (docs/realtime.md, "The fast lane"): PUT /api/jobs/:id, the change
 * every open board of the company waits to see, run without Express's middleware when the
 * request needs nothing of them but what this module does the same way: the session read
 * from memory, the same-origin check, a small JSON body, the route's own schemas, and then
 * the route's own handler (changeJob in ../routes/jobs.ts). Its answers, errors included,
 * are the full path's (errorAnswer in ./errors.ts; server/test/fast-lane.test.ts compares
 * the two).
 *
 * It takes only the board's plain change: no query (the series scope is "this"), no
 * Idempotency-Key (a phone's queued change: the route records its answer), a JSON body of at
 * most LANE_BODY_LIMIT bytes (photos travel in the body: they take the full path), and a
 * session this process holds. Everything else goes to Express untouched, decided on the
 * headers alone, before a byte of the body is read.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { parseOrThrow } from "@sched/core/validation";
import { ZIdParams, ZJobUpdate, ZSeriesScopeQuery } from "@sched/shared-types";
import etag from "etag";
import { changeJob } from "../routes/jobs";
import { errorAnswer, malformedJson } from "./errors";
import { isOwnOrigin } from "./same-origin";
import { userInMemory } from "./session-in-memory";

/** A job's own fields fit in far less; a bigger body (a photo) takes the full path. */
export const LANE_BODY_LIMIT = 64 * 1024;

/** The job's path, its id as the route's schema would take it (the schema still checks it). */
const JOB_PATH = /^\/api\/jobs\/([0-9a-fA-F-]{36})$/;
/** What body-parser's json() reads, with its default charset. */
const JSON_TYPE = /^application\/json\s*(?:;\s*charset=(?:"utf-8"|utf-8)\s*)?$/i;
/** body-parser's strict mode: an object or an array, after optional whitespace. */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[{[]/;

/** What the route reads from a request without a query: the scope's defaults, the same every time. */
const NO_QUERY = parseOrThrow(ZSeriesScopeQuery, {});

type Claim = { userId: string; id: string; length: number };

/** The request, when the lane may take it; undefined leaves it to Express. */
function claim(req: IncomingMessage): Claim | undefined {
  if (req.method !== "PUT" || !req.url) return undefined;
  const path = JOB_PATH.exec(req.url);
  if (!path) return undefined;
  const { headers } = req;
  if (headers["idempotency-key"] !== undefined) return undefined;
  if (headers["transfer-encoding"] !== undefined || headers["content-encoding"] !== undefined)
    return undefined;
  if (!JSON_TYPE.test(headers["content-type"] ?? "")) return undefined;
  const length = Number(headers["content-length"]);
  if (!Number.isInteger(length) || length < 1 || length > LANE_BODY_LIMIT) return undefined;
  // The full path answers 403 to another origin (./same-origin.ts).
  const { origin } = headers;
  if (origin !== undefined && !isOwnOrigin(origin, headers.host)) return undefined;
  const userId = userInMemory(req);
  return userId ? { userId, id: path[1], length } : undefined;
}

/** The body's bytes; rejects when the request breaks off first. */
function readBody(req: IncomingMessage, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      // Every byte the header announced is here: the message is complete, 'end' need not be waited for.
      if (received === length) resolve(Buffer.concat(chunks, received));
    });
    req.once("end", () => {
      if (received === length) return;
      // As the full path's body reader (raw-body) refuses it.
      const message = "request size did not match content length";
      reject(Object.assign(new Error(message), { status: 400, expose: true, type: "request.size.invalid" }));
    });
    req.once("error", reject);
  });
}

/** The body as body-parser's json() gives it to the route, or its error. */
function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString("utf8");
  if (!OBJECT_OR_ARRAY.test(text)) throw malformedJson(undefined);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw malformedJson(error);
  }
}

/** The route's work on the request as the route would read it: path, query, body, then the handler. */
async function run(req: IncomingMessage, { userId, id, length }: Claim) {
  const bytes = await readBody(req, length);
  const sent = parseJson(bytes);
  const params = parseOrThrow(ZIdParams, { id });
  const body = parseOrThrow(ZJobUpdate, sent ?? {});
  const ifMatch = req.headers["if-match"];
  return changeJob({ userId, id: params.id, query: NO_QUERY, body, ifMatch });
}

/** What Express's res.json() sends: the JSON, its type and length, and its weak ETag. */
function sendJson(
  res: ServerResponse,
  status: number,
  fixed: [string, string][],
  extra: Record<string, string>,
  value: unknown,
) {
  const json = Buffer.from(JSON.stringify(value));
  const headers = [
    ...fixed,
    ...Object.entries(extra),
    ["Content-Type", "application/json; charset=utf-8"],
    ["Content-Length", String(json.length)],
    ["ETag", etag(json, { weak: true })],
  ];
  res.writeHead(status, headers.flat());
  res.end(json);
}

/**
 * Takes the request when it is a plain job change (true), or leaves it to Express (false).
 * `security` are the headers of every answer (./security-headers.ts).
 */
export function takeJobChange(
  req: IncomingMessage,
  res: ServerResponse,
  security: [string, string][],
): boolean {
  const claimed = claim(req);
  if (!claimed) return false;
  const named = req.headers["x-request-id"];
  const requestId = typeof named === "string" ? named : randomUUID();
  const fixed: [string, string][] = [["X-Request-Id", requestId], ...security];
  run(req, claimed).then(
    (job) => sendJson(res, 200, fixed, {}, job),
    (error: unknown) => {
      // A request broken off has no one left to answer.
      if (req.destroyed && !req.complete) return;
      const answer = errorAnswer(error, { requestId, url: req.url ?? "" });
      sendJson(res, answer.status, fixed, answer.headers, answer.body);
    },
  );
  return true;
}
