/**
 * A commit seen at once and on disk before it is answered (docs/reliability.md, "A job's
 * change: seen first, on disk before its answer"). PostgreSQL makes a commit visible only
 * after writing it to disk, unless the commit is asynchronous; then it is visible at once
 * and reaches the disk a moment later. A write that every open board waits for commits
 * asynchronously, its event goes out, and flushCommits() then waits for the disk before
 * the writer is answered or anyone else is told.
 */
import { pool } from "./client";

/**
 * Selected by a single-statement write, it makes that statement's commit asynchronous:
 * a setting local to the statement's own transaction, gone when it ends, read by the
 * commit before it goes.
 */
export const ASYNC_COMMIT_SQL = "set_config('synchronous_commit', 'off', true)";

/**
 * Returns once every commit made before the call is on disk (and on the synchronous
 * standbys, if any). A transactional logical message is the smallest write with a commit
 * record of its own; that commit waits as every ordinary one does, and the log is written
 * in order, so it flushes everything committed before it. No table is touched and nothing
 * is stored; a logical decoding plugin, if one reads the log, sees a message with the
 * prefix "sched.flush".
 */
export async function flushCommits(): Promise<void> {
  await pool.query({
    name: "flush_commits",
    text: "select pg_logical_emit_message(true, 'sched.flush', '')",
  });
}
