/** The timeline's scroll while a block is held near its edge (docs/schedule.md). */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEdgeScroller, edgesNear } from "../src/features/schedule/edgeScroll";

/** A 400x200 box at (100, 100) that scrolls 1000 px each way, starting in the middle. */
function fakeScroller() {
  const scroller = {
    scrollLeft: 500,
    scrollTop: 500,
    getBoundingClientRect: () => ({ left: 100, right: 500, top: 100, bottom: 300 }) as DOMRect,
    scrollBy(dx: number, dy: number) {
      scroller.scrollLeft = Math.min(1000, Math.max(0, scroller.scrollLeft + dx));
      scroller.scrollTop = Math.min(1000, Math.max(0, scroller.scrollTop + dy));
    },
  };
  return scroller;
}

let frames: FrameRequestCallback[] = [];
const runFrame = () => {
  const due = frames;
  frames = [];
  for (const callback of due) callback(0);
};

beforeEach(() => {
  frames = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal("cancelAnimationFrame", () => {
    frames = [];
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("edge scroll", () => {
  it("names the edges whose zone a point is in", () => {
    const scroller = fakeScroller() as unknown as Element;
    expect([...edgesNear(scroller, 110, 200)]).toEqual(["left"]);
    expect([...edgesNear(scroller, 490, 290)]).toEqual(["right", "bottom"]);
    expect([...edgesNear(scroller, 300, 200)]).toEqual([]);
    expect([...edgesNear(scroller, 50, 200)]).toEqual([]);
  });

  it("scrolls toward an edge the pointer goes to", () => {
    const scroller = fakeScroller();
    const edge = createEdgeScroller(
      () => scroller as unknown as Element,
      () => {},
    );
    edge.start(300, 200);
    edge.move(495, 200);
    runFrame();
    expect(scroller.scrollLeft).toBeGreaterThan(500);
    expect(scroller.scrollTop).toBe(500);
  });

  it("leaves the edge a drag began near quiet until the pointer has left its zone", () => {
    const scroller = fakeScroller();
    const edge = createEdgeScroller(
      () => scroller as unknown as Element,
      () => {},
    );
    // A block grabbed at the left edge, dragged right but still in the edge's zone: no scroll.
    edge.start(105, 200);
    edge.move(120, 200);
    runFrame();
    expect(scroller.scrollLeft).toBe(500);
    // Out of the zone and back into it: now the pointer went there, and it scrolls.
    edge.move(300, 200);
    runFrame();
    edge.move(105, 200);
    runFrame();
    expect(scroller.scrollLeft).toBeLessThan(500);
    // A new drag starts afresh.
    edge.stop();
    scroller.scrollLeft = 500;
    edge.start(105, 200);
    edge.move(110, 200);
    runFrame();
    expect(scroller.scrollLeft).toBe(500);
  });
});
