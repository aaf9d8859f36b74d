import { startTransition, useEffect, useState } from "react";
import { firstScreenRows, nextBatchEnd, type RowLoad } from "./rowBatches";

/**
 * How many rows are drawn: those of the first screen at once, then a batch per frame until
 * all are (docs/schedule.md, "The first paint"). Starts again when `restartKey` changes (a
 * week or a day, or its jobs arriving), so a full board is never drawn in one go.
 */
export function useRowsDrawn(loads: readonly RowLoad[], restartKey: string): number {
  const first = () => Math.max(1, firstScreenRows(loads, window.innerHeight));
  const [drawn, setDrawn] = useState(first);
  const [drawnFor, setDrawnFor] = useState(restartKey);
  let count = drawn;
  if (drawnFor !== restartKey) {
    count = first();
    setDrawnFor(restartKey);
    setDrawn(count);
  }
  const total = loads.length;
  useEffect(() => {
    if (count >= total) return;
    // After the next frame is on screen, not before: the rows in view are painted first.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setDrawn(nextBatchEnd(loads, count))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, total, loads]);
  return Math.min(count, total);
}
