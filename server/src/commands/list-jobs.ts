/**
 * GET /api/jobs is the board's hot path: every open board refetches it after every job
 * change in the company. Building a week of jobs as JSON costs PostgreSQL ~10 ms for
 * 1,200 rows, while fingerprinting the same rows costs well under 1 ms. So each request
 * asks only for the fingerprint (in the same statement as the membership check); the JSON
 * is built when the fingerprint has changed, and kept in this process until it changes again.
 *
 * The fingerprint is the row count plus the sum of a 64-bit hash of each row's id seeded
 * with its xmin (the transaction that wrote that version of the row), over the rows in
 * range. Every insert, update or delete of a job, whoever makes it (this router, a template
 * being applied, an employee's cascade delete), creates or removes a row version and so
 * changes the fingerprint: no writer has to remember to invalidate a cache, and several web
 * processes stay correct without talking to each other.
 */
import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";
import { and, asc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { db } from "../db/client";
import { companyUsers, jobs } from "../db/schema";
import { jobJsonSql } from "../presenters/jobs";

const gzipAsync = promisify(gzip);

export type JobRange = { startDate?: string; endDate?: string };

export type JobListBody = { etag: string; json: Buffer; gzipped: () => Promise<Buffer> };

/** Bump when presentJob's output changes, so browsers drop bodies cached under old ETags. */
const FORMAT_VERSION = "j1";
/** What the kept bodies may weigh in all; the oldest go first. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

type Entry = JobListBody & { bytes: number };
const cache = new Map<string, Entry>();
let cachedBytes = 0;
/** One build per key at a time: after a change every open board refetches at once. */
const building = new Map<string, Promise<Entry>>();

function inRange(range: JobRange): SQL | undefined {
  return and(
    range.startDate ? gte(jobs.date, range.startDate) : undefined,
    range.endDate ? lte(jobs.date, range.endDate) : undefined,
  );
}

// The row's id hashed with its version (xmin) as the seed: half the cost of hashing "id:xmin" as text.
const fingerprintSql = sql<string>`count(*)::text || '.' || coalesce(sum(uuid_hash_extended(${jobs.id}, ${jobs}.xmin::text::bigint)), 0)::text`;

const etagOf = (fingerprint: string) => `W/"${FORMAT_VERSION}-${fingerprint}"`;

/**
 * The list's ETag for `userId`, or null when the user is not a member of the company.
 * Any member may read the schedule (ARCHITECTURE section 5), also after a trial ends.
 */
export async function jobListEtag(userId: string, companyId: string, range: JobRange) {
  const fingerprint = db
    .select({ value: fingerprintSql })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), inRange(range)));
  const [row] = await db
    .select({ fingerprint: sql<string>`(${fingerprint})` })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .limit(1);
  return row ? etagOf(row.fingerprint) : null;
}

async function build(companyId: string, range: JobRange): Promise<Entry> {
  const [row] = await db
    .select({
      fingerprint: fingerprintSql,
      json: sql<string>`coalesce(json_agg(${jobJsonSql} order by ${asc(jobs.date)}, ${asc(jobs.time)}, ${asc(jobs.createdAt)})::text, '[]')`,
    })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), inRange(range)));
  const json = Buffer.from(row.json);
  let compressed: Promise<Buffer> | undefined;
  return {
    etag: etagOf(row.fingerprint),
    json,
    bytes: json.length,
    gzipped: () => {
      // The fastest level: a list is compressed after every change, and level 6 saves only ~6% more.
      compressed ??= gzipAsync(json, { level: constants.Z_BEST_SPEED });
      return compressed;
    },
  };
}

function keep(key: string, entry: Entry) {
  const previous = cache.get(key);
  if (previous) {
    cache.delete(key);
    cachedBytes -= previous.bytes;
  }
  if (entry.bytes > CACHE_MAX_BYTES) return;
  cache.set(key, entry);
  cachedBytes += entry.bytes;
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= CACHE_MAX_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.bytes;
  }
}

/**
 * The list's JSON for a company and range whose current ETag is `etag` (from
 * jobListEtag). Served from memory when nothing changed since it was built; the body
 * answered always carries its own ETag, which is newer when a change landed in between.
 */
export async function jobListBody(companyId: string, range: JobRange, etag: string): Promise<JobListBody> {
  const key = `${companyId}|${range.startDate ?? ""}|${range.endDate ?? ""}`;
  const cached = cache.get(key);
  if (cached?.etag === etag) {
    // Most recently used goes last, so eviction takes the least recently used.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  let pending = building.get(key);
  if (!pending) {
    pending = build(companyId, range).finally(() => building.delete(key));
    building.set(key, pending);
  }
  let entry = await pending;
  // A build that started before the change this request has seen would answer the old
  // list: build again rather than show a board that misses the change.
  if (entry.etag !== etag) entry = await build(companyId, range);
  keep(key, entry);
  return entry;
}

/** For tests: forget every kept body. */
export function clearJobListCache() {
  cache.clear();
  cachedBytes = 0;
}
