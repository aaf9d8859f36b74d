/**
 * What the app sends to PostgreSQL while a piece of a test runs. Every statement, through
 * the pool or inside a transaction, is a pg Client query, so recording those records the
 * whole cost of a request in round trips.
 */
import pg from "pg";
import { vi } from "vitest";

export type RecordedStatement = { text: string; values: unknown[] };

/** Every statement sent while `fn` runs, with its parameters. */
export async function recordStatements(fn: () => Promise<unknown>): Promise<RecordedStatement[]> {
  const recorded: RecordedStatement[] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const query = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const [first, second] = args;
    const text = typeof first === "string" ? first : (first as { text: string }).text;
    const values = Array.isArray(second) ? second : ((first as { values?: unknown[] }).values ?? []);
    recorded.push({ text, values });
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query);
  try {
    await fn();
  } finally {
    query.mockRestore();
  }
  return recorded;
}

/** The text of every statement sent while `fn` runs. */
export async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  return (await recordStatements(fn)).map((statement) => statement.text);
}
