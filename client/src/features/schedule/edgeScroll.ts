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

export type Edge = "left" | "right" | "top" | "bottom";

/** How deep one edge's zone is along an axis from `start` to `end`. */
const zoneOf = (start: number, end: number) => Math.min(EDGE, (end - start) / 4);

/** The edges of `scroller` whose zone the point (x, y) is in. */
export function edgesNear(scroller: Element, x: number, y: number): Set<Edge> {
  const box = scroller.getBoundingClientRect();
  const near = new Set<Edge>();
  if (x < box.left || x > box.right || y < box.top || y > box.bottom) return near;
  const across = zoneOf(box.left, box.right);
  const down = zoneOf(box.top, box.bottom);
  if (x < box.left + across) near.add("left");
  if (x > box.right - across) near.add("right");
  if (y < box.top + down) near.add("top");
  if (y > box.bottom - down) near.add("bottom");
  return near;
}

/** The step along one axis: faster the nearer the edge, 0 away from it or at a quiet edge. */
function stepAlong(position: number, start: number, end: number, quietStart: boolean, quietEnd: boolean) {
  const edge = zoneOf(start, end);
  if (position < start + edge)
    return quietStart ? 0 : -Math.ceil(((start + edge - position) / edge) * MAX_STEP);
  if (position > end - edge) return quietEnd ? 0 : Math.ceil(((position - (end - edge)) / edge) * MAX_STEP);
  return 0;
}

/**
 * Scrolls `scroller` one step toward the edge the point (x, y) is near; true when it moved.
 * The `quiet` edges never scroll.
 */
export function scrollTowardEdge(
  scroller: Element,
  x: number,
  y: number,
  quiet: ReadonlySet<Edge> = new Set(),
): boolean {
  const box = scroller.getBoundingClientRect();
  if (x < box.left || x > box.right || y < box.top || y > box.bottom) return false;
  const dx = stepAlong(x, box.left, box.right, quiet.has("left"), quiet.has("right"));
  const dy = stepAlong(y, box.top, box.bottom, quiet.has("top"), quiet.has("bottom"));
  if (dx === 0 && dy === 0) return false;
  const { scrollLeft, scrollTop } = scroller;
  scroller.scrollBy(dx, dy);
  return scroller.scrollLeft !== scrollLeft || scroller.scrollTop !== scrollTop;
}

/**
 * Keeps scrolling `scroller` each frame while the pointer stays near its edge (a pointer
 * that holds still sends no events); `onScrolled` hears each step, so what is under the
 * pointer is looked up again. `start` gives where the drag began, `move` the pointer's
 * place; `stop` ends it.
 *
 * An edge the drag began near stays quiet until the pointer has left its zone: a block
 * grabbed at the timeline's left edge and dragged right must not scroll the hours away
 * from under the finger; only an edge the pointer goes to scrolls.
 */
export function createEdgeScroller(
  scroller: () => Element | null,
  onScrolled: (x: number, y: number) => void,
) {
  let frame: number | undefined;
  let point: { x: number; y: number } | null = null;
  let quiet = new Set<Edge>();
  const tick = () => {
    frame = undefined;
    const element = scroller();
    if (!point || !element || !scrollTowardEdge(element, point.x, point.y, quiet)) return;
    onScrolled(point.x, point.y);
    frame = requestAnimationFrame(tick);
  };
  return {
    start(x: number, y: number) {
      const element = scroller();
      quiet = element ? edgesNear(element, x, y) : new Set();
    },
    move(x: number, y: number) {
      point = { x, y };
      const element = scroller();
      if (element && quiet.size > 0) {
        const near = edgesNear(element, x, y);
        for (const edge of quiet) if (!near.has(edge)) quiet.delete(edge);
      }
      if (frame === undefined) frame = requestAnimationFrame(tick);
    },
    stop() {
      point = null;
      quiet = new Set();
      if (frame !== undefined) cancelAnimationFrame(frame);
      frame = undefined;
    },
  };
}
