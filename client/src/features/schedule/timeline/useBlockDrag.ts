/**
 * Dragging a timeline block with the pointer (docs/schedule.md):
 * a mouse drags once it moves a few pixels, a finger after a long press (before that the
 * finger scrolls the timeline). The block follows as a ghost in the row under the pointer,
 * snapped to 15 minutes; its right edge changes its length; over the Unscheduled tray it
 * would be unscheduled. Only the ghost redraws while dragging.
 */
import type { JobDTO } from "@sched/shared-types";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { createEdgeScroller } from "../edgeScroll";
import {
  draggedStart,
  type HourRange,
  minuteAt,
  minutesOf,
  type Placement,
  resizedMinutes,
} from "./timelineModel";

/** Where a drag would put the job: a row and time, or the Unscheduled tray. */
export type DropTarget = Placement | "tray";

/** Pixels a mouse moves before a press becomes a drag (a click below that opens the job). */
const MOUSE_SLOP = 4;
/** A finger that moves this far before the long press is scrolling, not dragging. */
const TOUCH_SLOP = 10;
const LONG_PRESS_MS = 450;
const TRAY_SELECTOR = '[data-testid="unscheduled-tray"]';

type Gesture = {
  job: JobDTO;
  rowKey: string;
  mode: "move" | "resize";
  pointerId: number;
  isTouch: boolean;
  x0: number;
  y0: number;
  /** Minutes between the job's start and where it was grabbed. */
  grabOffset: number;
  isDragging: boolean;
  timer?: ReturnType<typeof setTimeout>;
  target: DropTarget | null;
  /** The target has been shown once (the first preview is shown even when it is null). */
  isPreviewed?: boolean;
  frame?: number;
};

type DragOptions = {
  range: HourRange;
  /** The row (employee) a job's block is in now. */
  rowKeyOf: (job: JobDTO) => string;
  /** Where the job would go (null: nowhere it may go). */
  onPreview: (job: JobDTO, target: DropTarget | null) => void;
  onDrop: (job: JobDTO, target: DropTarget) => void;
};

const isSameTarget = (a: DropTarget | null, b: DropTarget | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a !== "tray" &&
    b !== "tray" &&
    a.rowKey === b.rowKey &&
    a.start === b.start &&
    a.minutes === b.minutes);

/** The track of the row an element is in (or the track itself). */
const trackOf = (element: Element | null) =>
  element?.closest<HTMLElement>(".timeline-row")?.querySelector<HTMLElement>(".timeline-row__track") ?? null;

/**
 * The gesture machinery, made once per timeline: plain functions over one gesture at a
 * time, reading the timeline's latest options through `options()`.
 */
function createBlockDrag(options: () => DragOptions) {
  let gesture: Gesture | null = null;
  // The click that ends a drag must not open the job.
  let isClickAfterDrag = false;
  // Held near the timeline's edge, the block scrolls it (the board fits the screen, edgeScroll.ts);
  // what is under the pointer then changes, so the target is looked up again.
  let scroller: Element | null = null;
  const edge = createEdgeScroller(
    () => scroller,
    (x, y) => {
      if (gesture?.isDragging) follow(gesture, x, y);
    },
  );

  /** The target under the pointer, or null over anything that takes no jobs. */
  function targetAt(current: Gesture, x: number, y: number): DropTarget | null {
    const { range } = options();
    const start = minutesOf(current.job.time ?? "00:00");
    if (current.mode === "resize") {
      const row = document.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(current.rowKey)}"]`);
      const track = trackOf(row);
      // A job of someone off the roster keeps its length: only a move to a roster row changes it.
      if (!row || !track || row.dataset.accepts !== "true") return null;
      const rect = track.getBoundingClientRect();
      return {
        rowKey: current.rowKey,
        start,
        minutes: resizedMinutes(minuteAt(x, rect.left, rect.width, range), start),
      };
    }
    const under = document.elementFromPoint(x, y);
    if (under?.closest(TRAY_SELECTOR)) return "tray";
    const row = under?.closest<HTMLElement>("[data-row-key]") ?? null;
    const track = trackOf(row);
    if (!row || !track || row.dataset.accepts !== "true") return null;
    const rect = track.getBoundingClientRect();
    return {
      rowKey: row.dataset.rowKey ?? "",
      start: draggedStart(minuteAt(x, rect.left, rect.width, range), current.grabOffset),
      minutes: current.job.durationMinutes,
    };
  }

  function end() {
    const current = gesture;
    if (!current) return;
    clearTimeout(current.timer);
    if (current.frame !== undefined) cancelAnimationFrame(current.frame);
    gesture = null;
    edge.stop();
    window.removeEventListener("pointermove", onMove);
    window.removeEventListener("pointerup", onUp);
    window.removeEventListener("pointercancel", onCancel);
    window.removeEventListener("keydown", onEscape, true);
    if (current.isDragging) options().onPreview(current.job, null);
  }

  function follow(current: Gesture, x: number, y: number) {
    if (current.frame !== undefined) cancelAnimationFrame(current.frame);
    // One preview per frame, however fast the pointer events come.
    current.frame = requestAnimationFrame(() => {
      current.frame = undefined;
      const target = targetAt(current, x, y);
      // Most moves stay within the same quarter hour of the same row: nothing to redraw.
      if (current.isPreviewed && isSameTarget(target, current.target)) return;
      current.target = target;
      current.isPreviewed = true;
      options().onPreview(current.job, target);
    });
  }

  function onMove(event: globalThis.PointerEvent) {
    const current = gesture;
    if (!current || event.pointerId !== current.pointerId) return;
    if (!current.isDragging) {
      const distance = Math.hypot(event.clientX - current.x0, event.clientY - current.y0);
      if (current.isTouch) {
        if (distance > TOUCH_SLOP) end();
        return;
      }
      if (distance < MOUSE_SLOP) return;
      current.isDragging = true;
    }
    follow(current, event.clientX, event.clientY);
    edge.move(event.clientX, event.clientY);
  }

  function onUp(event: globalThis.PointerEvent) {
    const current = gesture;
    if (!current || event.pointerId !== current.pointerId) return;
    if (!current.isDragging) {
      end();
      return;
    }
    isClickAfterDrag = true;
    const target = targetAt(current, event.clientX, event.clientY);
    end();
    if (target) options().onDrop(current.job, target);
  }

  function onCancel(event: globalThis.PointerEvent) {
    if (gesture && event.pointerId === gesture.pointerId) end();
  }

  /** Escape drops the drag where it started. */
  function onEscape(event: KeyboardEvent) {
    if (event.key !== "Escape" || !gesture?.isDragging) return;
    event.preventDefault();
    event.stopPropagation();
    isClickAfterDrag = true;
    end();
  }

  function pointerDown(job: JobDTO, mode: "move" | "resize", event: PointerEvent<HTMLElement>) {
    isClickAfterDrag = false;
    if (event.button !== 0 || gesture || !job.time) return;
    const track = trackOf(event.currentTarget);
    if (!track) return;
    scroller = track.closest(".timeline__scroller");
    edge.start(event.clientX, event.clientY);
    const rect = track.getBoundingClientRect();
    const grabbed = minuteAt(event.clientX, rect.left, rect.width, options().range);
    const current: Gesture = {
      job,
      rowKey: options().rowKeyOf(job),
      mode,
      pointerId: event.pointerId,
      isTouch: event.pointerType === "touch",
      x0: event.clientX,
      y0: event.clientY,
      grabOffset: grabbed - minutesOf(job.time),
      isDragging: false,
      target: null,
    };
    if (current.isTouch) {
      const { clientX, clientY } = event;
      current.timer = setTimeout(() => {
        current.isDragging = true;
        navigator.vibrate?.(10);
        follow(current, clientX, clientY);
      }, LONG_PRESS_MS);
    }
    gesture = current;
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onCancel);
    window.addEventListener("keydown", onEscape, true);
  }

  /** True once for the click that ends a drag. */
  function takeClickAfterDrag() {
    const was = isClickAfterDrag;
    isClickAfterDrag = false;
    return was;
  }

  /** While a finger drags, the timeline must not scroll under it. */
  function holdStill(event: TouchEvent) {
    if (gesture?.isDragging && event.cancelable) event.preventDefault();
  }

  return { pointerDown, takeClickAfterDrag, holdStill, end };
}

export function useBlockDrag(options: DragOptions) {
  const latest = useRef(options);
  latest.current = options;
  const [drag] = useState(() => createBlockDrag(() => latest.current));
  // A touch listener that may cancel has to be in place before the touch starts: it sits on the timeline for good.
  const touchArea = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const area = touchArea.current;
    area?.addEventListener("touchmove", drag.holdStill, { passive: false });
    return () => {
      area?.removeEventListener("touchmove", drag.holdStill);
      drag.end();
    };
  }, [drag]);
  return { pointerDown: drag.pointerDown, takeClickAfterDrag: drag.takeClickAfterDrag, touchArea };
}
