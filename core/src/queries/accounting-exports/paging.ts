/**
 * Rows in pages, in keyset order (docs/money.md): a busy company's year is read a page at a
 * time and written out as it comes, never held in memory at once.
 */
import { type Cell, csvText } from "./cells";

export const EXPORT_PAGE_SIZE = 500;

/** Every row `fetchPage` gives, page after page, each page starting after the last row of the one before. */
export async function* keysetRows<Row>(
  fetchPage: (after: Row | undefined, limit: number) => Promise<Row[]>,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const page = await fetchPage(after, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}

/** Two ordered streams as one: `first(a, b)` says whether a comes before b. */
export async function* mergeOrdered<A, B>(
  left: AsyncIterable<A>,
  right: AsyncIterable<B>,
  first: (a: A, b: B) => boolean,
): AsyncGenerator<A | B> {
  const lefts = left[Symbol.asyncIterator]();
  const rights = right[Symbol.asyncIterator]();
  let a = await lefts.next();
  let b = await rights.next();
  while (!a.done || !b.done) {
    if (!a.done && (b.done || first(a.value, b.value))) {
      yield a.value;
      a = await lefts.next();
    } else if (!b.done) {
      yield b.value;
      b = await rights.next();
    }
  }
}

/** The header row, then the rows as CSV text in chunks of about a page, each text cell formula-safe (csvCell). */
export async function* csvChunks<Row>(
  header: readonly string[],
  rows: AsyncIterable<Row>,
  toCells: (row: Row) => Cell[] | null,
  chunkRows = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  yield csvText([header]);
  let chunk: Cell[][] = [];
  for await (const row of rows) {
    const cells = toCells(row);
    if (cells) chunk.push(cells);
    if (chunk.length >= chunkRows) {
      yield csvText(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) yield csvText(chunk);
}
