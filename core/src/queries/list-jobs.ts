/**
 * GET /api/jobs is the board's hot path: every open board refetches it after every job
 * change in the company. Building a week of jobs as JSON costs PostgreSQL ~10 ms for
 * 1,200 rows, while fingerprinting the same rows costs well under 1 ms. So each request
 * asks only for the fingerprint (in the same statement as the membership check); the JSON
 * is built when the fingerprint has changed, and kept in this process until it changes again.
 *
 * The fingerprint is the row count plus the sum of a 64-bit hash of each row's id seeded
 * with its xmin (the transaction that wrote that version of the row), over the rows
 * listed. Every insert, update or delete of a job, whoever makes it (a job command, a template
 * being applied, an employee's cascade delete), creates or removes a row version and so
 * changes the fingerprint: no writer has to remember to invalidate a cache, and several web
 * processes stay correct without talking to each other.
 */
import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";
import { and, asc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import { db } from "../db/client";
import { jobs } from "../db/schema";
import { type CompanyAccess, loadCompanyAccessWith } from "../policies/company-access";
import { jobJsonSql } from "../presenters/jobs";
import {
  addWarningsToListJson,
  conflictContextOf,
  conflictFingerprintSql,
  conflictStateSql,
} from "./job-warnings";

const gzipAsync = promisify(gzip);

/**
 * Which jobs a list holds: a date window (both ends inclusive) and, for My Day, one
 * employee's; or, with `unscheduled`, the Unscheduled tray's jobs without a date
 * (docs/schedule.md). A window never holds an unscheduled job: it has no date.
 */
export type JobFilter = { startDate?: string; endDate?: string; employeeId?: string; unscheduled?: boolean };

export type JobListBody = {
  etag: string;
  json: Buffer;
  gzipped: () => Promise<Buffer>;
};

/** Bump when presentJob's output changes, so browsers drop bodies cached under old ETags. */
const FORMAT_VERSION = "j5";
/** What the kept bodies may weigh in all; the oldest go first. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

type Entry = JobListBody & { bytes: number };
const cache = new Map<string, Entry>();
let cachedBytes = 0;
/** One build per key at a time: after a change every open board refetches at once. */
const building = new Map<string, Promise<Entry>>();

function listed(companyId: string, filter: JobFilter): SQL | undefined {
  return and(
    eq(jobs.companyId, companyId),
    filter.startDate ? gte(jobs.date, filter.startDate) : undefined,
    filter.endDate ? lte(jobs.date, filter.endDate) : undefined,
    filter.employeeId ? eq(jobs.employeeId, filter.employeeId) : undefined,
    filter.unscheduled ? isNull(jobs.date) : undefined,
  );
}

/**
 * The filter as text, in the cache key and the ETag: two lists that happen to hold the same
 * rows (two empty ones, say) still carry different ETags.
 */
const filterKey = (filter: JobFilter) =>
  `${filter.startDate ?? ""}|${filter.endDate ?? ""}|${filter.employeeId ?? ""}|${filter.unscheduled ? "u" : ""}`;

/**
 * The row's id hashed with its version (xmin) as the seed: half the cost of hashing "id:xmin"
 * as text. The list's warnings also depend on the company's working days and hours and on
 * who is inactive, so those are part of it too (core/src/queries/job-warnings.ts).
 */
const fingerprintSql = (companyId: string) =>
  sql<string>`count(*)::text || '.' || coalesce(sum(uuid_hash_extended(${jobs.id}, ${jobs}.xmin::text::bigint)), 0)::text || '.' || ${customerFingerprintSql} || '.' || ${conflictFingerprintSql(companyId)}`;

/**
 * The listed jobs' customers, hashed the same way: a customer renamed changes the name on
 * their jobs' cards (`customerName`) though no job row changed.
 */
const customerFingerprintSql = sql`coalesce(sum((select uuid_hash_extended(c.id, c.xmin::text::bigint)
  from customers c where c.id = "jobs"."customer_id")), 0)::text`;

const etagOf = (filter: JobFilter, fingerprint: string) =>
  `W/"${FORMAT_VERSION}-${filterKey(filter)}-${fingerprint}"`;

/** A member's access to the company, carrying the list's current ETag. */
export type JobListAccess = CompanyAccess & { etag: string };

/**
 * The user's access to the company and the list's current ETag, read in one statement.
 * Undefined when the user is not a member. The caller authorizes the member: any member
 * may read the schedule, also after a trial ends (docs/billing.md).
 */
export async function loadJobListAccess(
  userId: string,
  companyId: string,
  filter: JobFilter,
): Promise<JobListAccess | undefined> {
  const fingerprint = db
    .select({ value: fingerprintSql(companyId) })
    .from(jobs)
    .where(listed(companyId, filter));
  const found = await loadCompanyAccessWith(userId, companyId, sql<string>`(${fingerprint})`);
  return found && { ...found.member, etag: etagOf(filter, found.extra) };
}

async function build(companyId: string, filter: JobFilter): Promise<Entry> {
  const [row] = await db
    .select({
      fingerprint: fingerprintSql(companyId),
      conflictState: conflictStateSql(companyId, { from: filter.startDate, to: filter.endDate }),
      json: sql<string>`coalesce(json_agg(${jobJsonSql} order by ${asc(jobs.date)}, ${asc(jobs.time)}, ${asc(jobs.createdAt)})::text, '[]')`,
    })
    .from(jobs)
    .where(listed(companyId, filter));
  // Warnings once per build, never per request: the ETag changes with everything they read.
  const json = Buffer.from(addWarningsToListJson(row.json, conflictContextOf(row.conflictState)));
  let compressed: Promise<Buffer> | undefined;
  const entry: Entry = {
    etag: etagOf(filter, row.fingerprint),
    json,
    bytes: json.length,
    gzipped: () => {
      // The fastest level: a list is compressed after every change, and level 6 saves only ~6% more.
      compressed ??= gzipAsync(json, { level: constants.Z_BEST_SPEED });
      return compressed;
    },
  };
  return entry;
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
 * The list's JSON for a company and filter whose current ETag is `etag` (from
 * loadJobListAccess). Served from memory when nothing changed since it was built; the body
 * answered always carries its own ETag, which is newer when a change landed in between.
 */
export async function jobListBody(companyId: string, filter: JobFilter, etag: string): Promise<JobListBody> {
  const key = `${companyId}|${filterKey(filter)}`;
  const cached = cache.get(key);
  if (cached?.etag === etag) {
    // Most recently used goes last, so eviction takes the least recently used.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  let pending = building.get(key);
  if (!pending) {
    pending = build(companyId, filter).finally(() => building.delete(key));
    building.set(key, pending);
  }
  let entry = await pending;
  // A build that started before the change this request has seen would answer the old
  // list: build again rather than show a board that misses the change.
  if (entry.etag !== etag) entry = await build(companyId, filter);
  keep(key, entry);
  return entry;
}
