import { afterEach, describe, expect, it, vi } from "vitest";
import { afterNextPaint } from "../src/lib/afterPaint";

/** A browser's animation frames, run when the test says the next frame comes. */
function fakeFrames() {
  const waiting = new Map<number, () => void>();
  let next = 0;
  vi.stubGlobal("requestAnimationFrame", (callback: () => void) => {
    waiting.set(++next, callback);
    return next;
  });
  vi.stubGlobal("cancelAnimationFrame", (id: number) => waiting.delete(id));
  return () => {
    const callbacks = [...waiting.values()];
    waiting.clear();
    for (const callback of callbacks) callback();
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("afterNextPaint", () => {
  it("runs once, in a task after the next frame", async () => {
    vi.useFakeTimers();
    const paintFrame = fakeFrames();
    const callback = vi.fn();
    afterNextPaint(callback);
    await vi.advanceTimersByTimeAsync(100);
    expect(callback).not.toHaveBeenCalled();
    paintFrame();
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(callback).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("runs after a second when no frame is painted (a hidden page)", async () => {
    vi.useFakeTimers();
    fakeFrames();
    const callback = vi.fn();
    afterNextPaint(callback);
    await vi.advanceTimersByTimeAsync(999);
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("never runs once cancelled", async () => {
    vi.useFakeTimers();
    const paintFrame = fakeFrames();
    const callback = vi.fn();
    const cancel = afterNextPaint(callback);
    cancel();
    paintFrame();
    await vi.advanceTimersByTimeAsync(2000);
    expect(callback).not.toHaveBeenCalled();
  });
});
