/**
 * `Idempotency-Key` on creates (docs/api.md): a double submit or a
 * retry after a lost answer makes one thing. The first request with a key claims it and
 * runs; a 2xx answer is stored and every repeat of the same request within 24 h gets it
 * back with `Idempotent-Replayed: true`. A repeat that arrives while the first still
 * runs waits for its answer. A failure before anything committed gives the key back, so
 * a retry runs again; a failure after the change committed keeps the key with the error
 * it answered, so a retry answers that instead of making the thing twice. The same key
 * for another request is refused (422).
 */
import { createHash } from "node:crypto";
import {
  ABANDONED_CLAIM_MS,
  claimIdempotencyKey,
  type IdempotencyRecord,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
} from "@sched/core/commands/idempotency-keys";
import { watchCommits } from "@sched/core/db/commit-watch";
import { BadRequest, Conflict, IdempotencyKeyReused } from "@sched/core/errors";
import { logger } from "@sched/core/logger";
import type { Request, Response } from "express";
import { answerToError } from "./errors";
import { databaseOutage } from "./refusals";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
export const MALFORMED_KEY = "Idempotency-Key must be 1 to 200 visible ASCII characters";
export const STILL_RUNNING = "A request with this Idempotency-Key is still running. Try again in a moment.";

const VISIBLE_ASCII_KEY = /^[\x21-\x7e]{1,200}$/;
/** How long a repeat waits for the first request's answer, and how often it looks. */
const WAIT_MS = 10_000;
const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 250;
/**
 * How long an answer waits for its request's answer to be recorded or its key given back
 * (persistently, below): long enough for a dropped connection to be replaced, short enough
 * to keep an outage's answer quick. The tries then go on in the background, at most each second.
 */
const BOOKKEEPING_WITHIN_MS = 1_000;
const BACKGROUND_POLL_MS = 1_000;

/** The request's key, undefined without the header; a malformed one is a 400. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  if (!VISIBLE_ASCII_KEY.test(key)) {
    throw new BadRequest(MALFORMED_KEY, [{ path: IDEMPOTENCY_KEY_HEADER, message: MALFORMED_KEY }]);
  }
  return key;
}

/** JSON with object keys sorted at every level: the same body however its keys were ordered. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * What "the same request" means: method, path (without the query), the company it is
 * about (a header may name it, so the body alone does not say) and the body as sent.
 */
export function requestFingerprint(req: Request, body: unknown, companyId: string | undefined): string {
  const path = req.originalUrl.split("?")[0].replace(/(.)\/$/, "$1");
  const bodyHash = createHash("sha256").update(canonicalJson(body)).digest("hex");
  return `${req.method} ${path} ${companyId ?? "-"} ${bodyHash}`;
}

type IdempotentRequest = {
  req: Request;
  res: Response;
  userId: string;
  key: string;
  requestHash: string;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `handler` once per key and request: the first claimant runs it, a repeat answers
 * the stored answer (returning undefined: it is already sent), or waits while the first
 * is still running. Returns what the handler returned, for route() to send.
 */
export async function runIdempotent(request: IdempotentRequest, handler: () => unknown): Promise<unknown> {
  const { res, userId, key, requestHash } = request;
  const deadline = Date.now() + WAIT_MS;
  for (let pause = FIRST_POLL_MS; ; pause = Math.min(pause * 2, MAX_POLL_MS)) {
    const claim = await claimIdempotencyKey(userId, key, requestHash);
    if (claim.claimed) return runClaimed(request, claim.claimedAt, handler);
    const { record } = claim;
    if (record.requestHash !== requestHash) throw new IdempotencyKeyReused();
    if (record.statusCode !== null) {
      replay(res, record, record.statusCode);
      return undefined;
    }
    if (Date.now() >= deadline) throw new Conflict(STILL_RUNNING);
    await wait(pause);
  }
}

function replay(res: Response, record: IdempotencyRecord, statusCode: number) {
  res.setHeader(REPLAYED_HEADER, "true");
  res.status(statusCode);
  if (record.responseBody === null) res.end();
  else res.json(record.responseBody);
}

/**
 * Runs the handler under our claim: a 2xx answer is recorded before it is sent; any other
 * answer frees the key, unless the handler committed a change first (then it is recorded).
 */
async function runClaimed(request: IdempotentRequest, claimedAt: Date, handler: () => unknown) {
  const { req, res, userId, key } = request;
  // A handler may send its answer itself instead of returning it: keep what it sends.
  let sentBody: unknown = null;
  const sendJson = res.json.bind(res);
  res.json = (body?: unknown) => {
    sentBody = body;
    return sendJson(body);
  };
  const run = watchCommits(async () => handler());
  let result: unknown;
  try {
    result = await run.done;
  } catch (error) {
    res.json = sendJson;
    // With the database away the bookkeeping cannot happen now: answer at once, keep trying behind.
    const waitMs = databaseOutage(error) ? 0 : BOOKKEEPING_WITHIN_MS;
    if (!run.hasCommitted() || res.headersSent) {
      await releaseQuietly(userId, key, claimedAt, waitMs);
      throw error;
    }
    const answer = answerToError(error, req);
    await recordQuietly(request, claimedAt, answer.status, answer.body, waitMs);
    res.set(answer.headers).status(answer.status).json(answer.body);
    return undefined;
  } finally {
    res.json = sendJson;
  }
  const statusCode = res.statusCode;
  const body = res.headersSent ? sentBody : result;
  if ((statusCode < 200 || statusCode >= 300) && !run.hasCommitted()) {
    await releaseQuietly(userId, key, claimedAt);
    return result;
  }
  // The thing is made: the caller hears so whether or not the answer is recorded yet.
  await recordQuietly(request, claimedAt, statusCode, body);
  return result;
}

function recordQuietly(
  request: IdempotentRequest,
  claimedAt: Date,
  statusCode: number,
  body: unknown,
  waitMs = BOOKKEEPING_WITHIN_MS,
) {
  const { userId, key } = request;
  return persistently(
    () => recordIdempotentAnswer(userId, key, claimedAt, { statusCode, body: body ?? null }),
    claimedAt,
    "record an idempotent answer",
    waitMs,
  );
}

/**
 * Runs a bookkeeping write until it holds: a database connection that dropped is replaced
 * on the next try. The answer waits `waitMs` at most (none when the database is away); after that the tries go on in the
 * background until the claim would lapse anyway, because a key left claimed keeps every
 * retry of the request waiting (409 still running), and an answer not recorded lets a
 * repeat run the request a second time once the claim lapses.
 */
async function persistently(
  write: () => Promise<unknown>,
  claimedAt: Date,
  what: string,
  waitMs = BOOKKEEPING_WITHIN_MS,
) {
  const attempt = async (deadline: number) => {
    for (let pause = FIRST_POLL_MS; ; pause = Math.min(pause * 2, BACKGROUND_POLL_MS)) {
      try {
        await write();
        return;
      } catch (error) {
        if (Date.now() + pause > deadline) throw error;
        await wait(pause);
      }
    }
  };
  // Past the claim's lapse the next claimant owns the row: the write would match nothing.
  const inBackground = () =>
    attempt(claimedAt.getTime() + ABANDONED_CLAIM_MS).catch((error) =>
      logger.error({ err: error }, `could not ${what}`),
    );
  if (waitMs <= 0) {
    inBackground();
    return;
  }
  try {
    await attempt(Date.now() + waitMs);
  } catch {
    inBackground();
  }
}

/** The handler's own error is the one to answer; the key is given back as soon as the database allows. */
function releaseQuietly(userId: string, key: string, claimedAt: Date, waitMs = BOOKKEEPING_WITHIN_MS) {
  return persistently(
    () => releaseIdempotencyKey(userId, key, claimedAt),
    claimedAt,
    "release an idempotency key",
    waitMs,
  );
}
