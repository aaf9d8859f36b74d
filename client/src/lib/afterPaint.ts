/**
 * Runs `callback` once, after the frame the browser is preparing is painted: background work
 * (a refresh, a prefetch) started by a screen's first commit then runs after that screen is
 * on screen rather than before it (docs/performance.md). A hidden page paints no frame: then
 * after `latestMs`. Answers a cancel.
 */
export function afterNextPaint(callback: () => void, latestMs = 1000): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  // The animation frame comes before the paint; a task queued from it runs after.
  const frame =
    typeof requestAnimationFrame === "function" ? requestAnimationFrame(() => setTimeout(run, 0)) : null;
  const timer = setTimeout(run, latestMs);
  return () => {
    done = true;
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
