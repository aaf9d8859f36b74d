/**
 * The job rows this web process has just written, for the door of the next change of the
 * same job (docs/realtime.md, "Caches in the web process"): a dispatcher dragging a job
 * twice, a technician tapping On my way and then Complete. The change then skips reading
 * the job and its membership from PostgreSQL before its write.
 *
 * A row is kept with the company's jobs version that its own write produced, and only when
 * that version directly followed the one known before the write (no other writer bumped in
 * between). It is served only while the company's version is still that one: every writer
 * of job rows bumps it, so any change to any job of the company drops the company's rows.
 *
 * A row served from here is a guess that the write checks: the compare-and-set writes only
 * if the job is still that version, and a refused guess, or any refusal decided on it, is
 * decided again on the row as it is, locked (core/src/commands/save-job.ts).
 */
import type { jobs } from "../db/schema";
import { type FillTicket, InvalidatedMap } from "./invalidated-map";
import { isVersionAfter, knownJobsVersion } from "./jobs-version";

type JobRow = typeof jobs.$inferSelect;
type Kept = { row: JobRow; version: string };

/** Rows go as their company's version moves on; these bound the rest. */
const MAX_ROWS = 20_000;
const MAX_AGE_MS = 10_000;

const kept = new InvalidatedMap<Kept>(MAX_ROWS, MAX_AGE_MS);

/** What a writer notes before its write, to keep the row it writes (keepWrittenJobRow). */
export type JobWriteTicket = { fill: FillTicket; versionBefore: string | undefined };

export function jobWriteTicket(companyId: string): JobWriteTicket {
  return { fill: kept.ticket(), versionBefore: knownJobsVersion(companyId) };
}

/**
 * Keeps the row a write produced, after its commit and its version bump: only if the
 * company's version now is the very next one after the version known before the write.
 */
export function keepWrittenJobRow(ticket: JobWriteTicket, row: JobRow): void {
  const { versionBefore } = ticket;
  const versionNow = knownJobsVersion(row.companyId);
  if (!versionBefore || !versionNow || !isVersionAfter(versionNow, versionBefore)) return;
  kept.fill(ticket.fill, row.id, "", { row, version: versionNow });
}

/** The job's row as this process wrote it, while no job of its company has changed since. */
export function keptJobRow(id: string): JobRow | undefined {
  const found = kept.get(id);
  if (!found || knownJobsVersion(found.row.companyId) !== found.version) return undefined;
  return found.row;
}
