/**
 * Scrolling the timeline while a block is dragged near its edge (docs/schedule.md): the
 * board fits the screen and scrolls inside, so a row or an hour out of view is reached by
 * holding the block near the edge. The Week View's drag and drop needs none of this (the
 * browser scrolls a box under a drag itself); the timeline's own pointer drag does.
 */

/** How close to an edge the pointer starts the scroll, in pixels. */
const EDGE = 48;
/** The most a frame scrolls, right at the edge. */
const MAX_STEP = 18;

/** The step along one axis: faster the nearer the edge, 0 away from it. */
function stepAlong(position: number, start: number, end: number): number {
  const edge = Math.min(EDGE, (end - start) / 4);
  if (position < start + edge) return -Math.ceil(((start + edge - position) / edge) * MAX_STEP);
  if (position > end - edge) return Math.ceil(((position - (end - edge)) / edge) * MAX_STEP);
  return 0;
}

/** Scrolls `scroller` one step toward the edge the point (x, y) is near; true when it moved. */
export function scrollTowardEdge(scroller: Element, x: number, y: number): boolean {
  const box = scroller.getBoundingClientRect();
  if (x < box.left || x > box.right || y < box.top || y > box.bottom) return false;
  const dx = stepAlong(x, box.left, box.right);
  const dy = stepAlong(y, box.top, box.bottom);
  if (dx === 0 && dy === 0) return false;
  const { scrollLeft, scrollTop } = scroller;
  scroller.scrollBy(dx, dy);
  return scroller.scrollLeft !== scrollLeft || scroller.scrollTop !== scrollTop;
}

/**
 * Keeps scrolling `scroller` each frame while the pointer stays near its edge (a pointer
 * that holds still sends no events); `onScrolled` hears each step, so what is under the
 * pointer is looked up again. `move` gives the pointer's place; `stop` ends it.
 */
export function createEdgeScroller(
  scroller: () => Element | null,
  onScrolled: (x: number, y: number) => void,
) {
  let frame: number | undefined;
  let point: { x: number; y: number } | null = null;
  const tick = () => {
    frame = undefined;
    const element = scroller();
    if (!point || !element || !scrollTowardEdge(element, point.x, point.y)) return;
    onScrolled(point.x, point.y);
    frame = requestAnimationFrame(tick);
  };
  return {
    move(x: number, y: number) {
      point = { x, y };
      if (frame === undefined) frame = requestAnimationFrame(tick);
    },
    stop() {
      point = null;
      if (frame !== undefined) cancelAnimationFrame(frame);
      frame = undefined;
    },
  };
}
