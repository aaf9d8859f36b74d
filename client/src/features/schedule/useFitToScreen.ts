import { type RefObject, useLayoutEffect } from "react";

/** Room kept under the board, so its border and a little of the page show below it. */
const BOTTOM_GAP = 12;
/** Below this the board does not shrink: a short window scrolls the page instead. */
const MIN_HEIGHT = 320;

/**
 * Sets `--board-fit` on `page`: the height from where the board starts (the
 * `.schedule-workspace` in it) to the window's bottom, at the page's top scroll. On a
 * desktop the views end there and scroll inside (schedule.css), so a laptop shows
 * the rows and hours at once and a drag reaches every row (docs/schedule.md). Measured
 * again when the window or anything above the board (the trial banner, a request's
 * notice) changes size.
 */
export function useFitToScreen(page: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = page.current;
    if (!element) return;
    let last = "";
    const measure = () => {
      const workspace = element.querySelector<HTMLElement>(".schedule-workspace");
      if (!workspace) return;
      const top = workspace.getBoundingClientRect().top + window.scrollY;
      const height = `${Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - BOTTOM_GAP))}px`;
      if (height === last) return;
      last = height;
      element.style.setProperty("--board-fit", height);
    };
    measure();
    // The body's size changes with whatever above the board appears or goes.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [page]);
}
