/**
 * Whether a piece of work committed anything. An idempotent create that fails after its
 * change committed must keep its key, or a retry makes the thing twice (docs/api.md); one
 * that failed before commit gives the key back. The pool reports each commit here: a
 * transaction that ended well, or a write outside any transaction.
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Watch = { committed: boolean };

const watches = new AsyncLocalStorage<Watch>();

/** Runs `work`; `hasCommitted()` then tells whether any of it committed, even when it threw. */
export function watchCommits<T>(work: () => Promise<T>): { done: Promise<T>; hasCommitted: () => boolean } {
  const watch: Watch = { committed: false };
  return { done: watches.run(watch, work), hasCommitted: () => watch.committed };
}

/** Called by the database client after a commit, in the context of the work that caused it. */
export function noteCommit(): void {
  const watch = watches.getStore();
  if (watch) watch.committed = true;
}

/** A statement that changes rows (a `with` may): outside a transaction it commits on its own. */
export const isWriteStatement = (text: string) => /^\s*(insert|update|delete|merge|with)\b/i.test(text);
