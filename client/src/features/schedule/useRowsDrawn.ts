import { type RefObject, startTransition, useEffect, useLayoutEffect, useState } from "react";
import { firstScreenRows, nextBatchEnd, type RowLoad } from "./rowBatches";

/** The rows that show between `rowsTop` (where the rows start, from the viewport's top) and the screen's bottom. */
const rowsInView = (loads: readonly RowLoad[], rowsTop: number) =>
  Math.max(1, firstScreenRows(loads, window.innerHeight - rowsTop));

/**
 * How many rows are drawn: those in view at once, then a batch per frame until all are
 * (docs/schedule.md). Where the rows start is measured on the first
 * commit (`rowsStart`, drawn with no row yet), and the rows in view are drawn before the
 * browser paints: on a phone the board starts half a screen down, below the page's head.
 * Starts again when `restartKey` changes (a week or a day, or its jobs arriving), so a full
 * board is never drawn in one go.
 */
export function useRowsDrawn(
  loads: readonly RowLoad[],
  restartKey: string,
  rowsStart: RefObject<HTMLElement | null>,
): number {
  const [rowsTop, setRowsTop] = useState<number | null>(null);
  const [drawn, setDrawn] = useState(0);
  const [drawnFor, setDrawnFor] = useState(restartKey);
  let count = drawn;
  if (drawnFor !== restartKey && rowsTop !== null) {
    count = rowsInView(loads, rowsTop);
    setDrawnFor(restartKey);
    setDrawn(count);
  }
  const total = loads.length;
  // Once, on the first commit; later starts reuse the place measured then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured once, at mount
  useLayoutEffect(() => {
    const top = rowsStart.current?.getBoundingClientRect().top ?? 0;
    setRowsTop(top);
    setDrawnFor(restartKey);
    setDrawn(rowsInView(loads, top));
  }, []);
  useEffect(() => {
    if (rowsTop === null || count >= total) return;
    // After the next frame is on screen, not before: the rows in view are painted first.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setDrawn(nextBatchEnd(loads, count))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [rowsTop, count, total, loads]);
  return Math.min(count, total);
}
