/**
 * When the first screen is drawn: what no first screen needs (the live connection, the
 * toasts' and dialogs' code, the offline start) waits for it, so none of it competes on a
 * slow phone with the screen's own code and lists (docs/performance.md).
 * A screen's heading (PageTitle) marks it; without one, the screen counts as
 * drawn FIRST_SCREEN_WAIT_MS after the page loaded.
 */
import { startTransition, useEffect, useState } from "react";

const FIRST_SCREEN_WAIT_MS = 3000;
/** How long an idle moment is waited for once the screen is drawn. */
const IDLE_WAIT_MS = 1000;

let markDrawn = () => {};
const drawn = new Promise<void>((resolve) => {
  markDrawn = resolve;
});
// Not `window.`: the pure helpers of modules that import this one are tested in Node too.
setTimeout(() => markDrawn(), FIRST_SCREEN_WAIT_MS);

export function markFirstScreenDrawn(): void {
  markDrawn();
}

/** Runs `run` at the first idle moment after the first screen is drawn; the returned function cancels it. */
export function afterFirstScreen(run: () => void): () => void {
  let isCancelled = false;
  void drawn.then(() => {
    const later = () => {
      if (!isCancelled) run();
    };
    if (typeof globalThis.requestIdleCallback === "function")
      globalThis.requestIdleCallback(later, { timeout: IDLE_WAIT_MS });
    else setTimeout(later, 0);
  });
  return () => {
    isCancelled = true;
  };
}

/** Set in the first idle moment after the first screen; then each waiting component is told. */
let isSettled = false;
const waiting = new Set<() => void>();
afterFirstScreen(() => {
  isSettled = true;
  for (const tell of waiting) tell();
});

function waitForSettled(tell: () => void): () => void {
  waiting.add(tell);
  return () => waiting.delete(tell);
}

/**
 * Whether the first screen is drawn (and an idle moment came): for what a screen draws or
 * asks for later (one shared wait, however many components ask). What it lets in (the bell,
 * the live connection, the photos' requests) renders as a transition, in slices: told at
 * once, the components rendered it in one task of about 100 ms on a slow phone.
 */
export function useFirstScreenDrawn(): boolean {
  const [isDrawn, setIsDrawn] = useState(isSettled);
  useEffect(() => {
    if (isSettled) {
      setIsDrawn(true);
      return;
    }
    return waitForSettled(() => startTransition(() => setIsDrawn(true)));
  }, []);
  return isDrawn;
}
