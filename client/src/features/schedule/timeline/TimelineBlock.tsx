import type { JobDTO } from "@sched/shared-types";
import { type KeyboardEvent, memo, type PointerEvent } from "react";
import { formatTimeRange } from "../../../entities/job/duration";
import { JobContent } from "../../../entities/job/JobContent";
import { jobTypeClass, paymentTone } from "../../../entities/job/jobStyle";
import { ConflictMark, conflictLabel } from "../ConflictMark";
import { cardName } from "../JobCard";
import { OnMyWayMark } from "../OnMyWayMark";
import { boxOf, type HourRange } from "./timelineModel";

/** Height of one lane of a row, in pixels: overlapping jobs stack one lane each. */
export const LANE_HEIGHT = 72;
/** Space above the first lane and below the last. */
export const ROW_PADDING = 4;
/** A row's track: its lanes and the space around them. */
export const trackHeightOf = (laneCount: number) => ROW_PADDING * 2 + laneCount * LANE_HEIGHT;

/** What a block does with the pointer and the keyboard; one object for the whole timeline, so blocks redraw only when their job does. */
export type BlockHandlers = {
  open: (job: JobDTO) => void;
  pointerDown: (job: JobDTO, mode: "move" | "resize", event: PointerEvent<HTMLElement>) => void;
  keyDown: (job: JobDTO, rowKey: string, event: KeyboardEvent<HTMLElement>) => void;
  blur: (job: JobDTO) => void;
};

type TimelineBlockProps = {
  job: JobDTO;
  rowKey: string;
  start: number;
  minutes: number;
  lane: number;
  range: HourRange;
  /** Faded while a drag or a key press shows where it would go. */
  isMoving: boolean;
  /** Drag, resize and keyboard moves are on (office roles). */
  canMove: boolean;
  handlers: BlockHandlers;
};

/**
 * A job on the timeline: its left edge is its start, its width its length (docs/schedule.md).
 * A plain absolutely placed button, not the Week View's card: a
 * day of 300 jobs must draw and drag without measuring anything.
 */
export const TimelineBlock = memo(function TimelineBlock(props: TimelineBlockProps) {
  const { job, rowKey, start, minutes, lane, range, isMoving, canMove, handlers } = props;
  const box = boxOf(start, minutes, range);
  const tone = paymentTone(job.paymentStatus);
  const className = [
    "job-card",
    "timeline-block",
    jobTypeClass(job.type),
    `job-card--pay-${tone}`,
    job.status === "cancelled" ? "job-card--cancelled" : "",
    conflictLabel(job) ? "job-card--conflict" : "",
    canMove ? "is-movable" : "",
    isMoving ? "is-moving" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <button
      type="button"
      className={className}
      style={{
        left: `${box.left}%`,
        width: `${box.width}%`,
        top: ROW_PADDING + lane * LANE_HEIGHT,
        height: LANE_HEIGHT - 4,
      }}
      data-testid="job-card"
      data-job-id={job.id}
      data-status={job.status}
      data-payment={job.paymentStatus}
      data-lane={lane}
      aria-label={cardName(job, false)}
      aria-keyshortcuts={
        canMove
          ? "ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Alt+ArrowUp Alt+ArrowDown"
          : undefined
      }
      onClick={() => handlers.open(job)}
      onPointerDown={canMove ? (event) => handlers.pointerDown(job, "move", event) : undefined}
      onKeyDown={canMove ? (event) => handlers.keyDown(job, rowKey, event) : undefined}
      onBlur={canMove ? () => handlers.blur(job) : undefined}
      // A long press on a phone starts a drag, not the browser's menu.
      onContextMenu={canMove ? (event) => event.preventDefault() : undefined}
    >
      <JobContent
        job={job}
        timeFirst
        time={
          // Start and end are pieces of their own: a narrow block drops the end whole.
          <span className="timeline-block__time">
            {formatTimeRange(job.time, job.durationMinutes)
              .split(/(?=–)/)
              .map((piece) => (
                <span key={piece}>{piece}</span>
              ))}
          </span>
        }
        // "On my way" (My Day), live through job.updated, and conflicts share the tags' row, ahead of them.
        rowMarks={
          <>
            <OnMyWayMark job={job} />
            <ConflictMark job={job} />
          </>
        }
      />
      {canMove ? (
        <span
          className="timeline-block__resize"
          data-testid="timeline-resize"
          aria-hidden
          onPointerDown={(event) => {
            event.stopPropagation();
            handlers.pointerDown(job, "resize", event);
          }}
        />
      ) : null}
    </button>
  );
});
