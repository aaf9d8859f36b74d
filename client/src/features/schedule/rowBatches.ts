/**
 * The Week View and the Daily View's timeline draw their rows in batches (docs/schedule.md):
 * first the rows that fill one screen, then the rest a batch per frame
 * (`useRowsDrawn.ts`). Pure arithmetic on each row's height and cards, so it can be tested
 * without a browser.
 */

/** A card and the gap under it, in pixels (job-card.css: four lines of 12.5px text, padding, border). */
const CARD_HEIGHT = 88;
/** A cell's padding and border, and its "add" button (week-grid.css). */
const CELL_EXTRA = 40;
/** An empty cell's height (week-grid.css: min-height 96px, plus its border). */
const MIN_ROW_HEIGHT = 97;
/** Cards drawn per batch after the first screen: one frame's work on a slow laptop. */
const CARDS_PER_BATCH = 60;

/** One row: its height in pixels (estimated or known) and its cards (its cost to draw). */
export type RowLoad = { height: number; cards: number };

/** A Week View row: as tall as its busiest cell. */
export function weekRowLoad(tallestCell: number, cards: number): RowLoad {
  return { height: Math.max(MIN_ROW_HEIGHT, tallestCell * CARD_HEIGHT + CELL_EXTRA), cards };
}

/**
 * How many rows the first screen needs: rows until their heights fill `viewportHeight`,
 * the height from where the rows start to the screen's bottom.
 */
export function firstScreenRows(rows: readonly RowLoad[], viewportHeight: number): number {
  let height = 0;
  let count = 0;
  while (count < rows.length && height < viewportHeight) {
    height += (rows[count] as RowLoad).height;
    count++;
  }
  return count;
}

/** The end (exclusive) of the next batch from `start`: rows until about CARDS_PER_BATCH cards, at least one row. */
export function nextBatchEnd(
  rows: readonly RowLoad[],
  start: number,
  cardsPerBatch = CARDS_PER_BATCH,
): number {
  let cards = 0;
  let end = start;
  while (end < rows.length && (end === start || cards + (rows[end] as RowLoad).cards <= cardsPerBatch)) {
    cards += (rows[end] as RowLoad).cards;
    end++;
  }
  return end;
}
