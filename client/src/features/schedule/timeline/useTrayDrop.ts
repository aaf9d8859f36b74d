import type { JobDTO } from "@sched/shared-types";
import { type Dispatch, type DragEvent, type SetStateAction, useEffect, useRef, useState } from "react";
import { JOB_DRAG_TYPE } from "../JobCard";
import type { TrayDropHandlers } from "./TimelineRow";
import { draggedStart, type HourRange, minuteAt, type Placement } from "./timelineModel";
import type { DropTarget } from "./useBlockDrag";

/** What the timeline draws while something moves; the tray's part is `source: "tray"`. */
export type TrayPreview = { job: JobDTO; target: DropTarget; source: string };

type TrayDropOptions<P extends TrayPreview> = {
  /** Off (no handlers) for those who may not schedule. */
  isEnabled: boolean;
  range: HourRange;
  trayJobs: JobDTO[] | undefined;
  /** The preview shown now, read when the pointer moves (not a render's copy). */
  currentPreview: () => P | null;
  setPreview: Dispatch<SetStateAction<P | null>>;
  commit: (job: JobDTO, target: Placement) => void;
};

/**
 * A card dragged from the Unscheduled tray onto a row (the browser's drag and drop): the
 * ghost follows it with the time it would take, and the drop schedules it there. The
 * handlers keep one identity, so rows never redraw for them.
 */
export function useTrayDrop<P extends TrayPreview>(options: TrayDropOptions<P>): TrayDropHandlers {
  // The dragged card's id is only readable on the drop, so the drag's start names it for the ghost.
  const trayDragId = useRef<string | null>(null);
  const { setPreview } = options;
  useEffect(() => {
    const onStart = (event: globalThis.DragEvent) => {
      const card = (event.target as Element | null)?.closest?.("[data-job-id]");
      trayDragId.current = card?.getAttribute("data-job-id") ?? null;
    };
    const onEnd = () => {
      trayDragId.current = null;
      setPreview((current) => (current?.source === "tray" ? null : current));
    };
    document.addEventListener("dragstart", onStart);
    document.addEventListener("dragend", onEnd);
    return () => {
      document.removeEventListener("dragstart", onStart);
      document.removeEventListener("dragend", onEnd);
    };
  }, [setPreview]);

  const latest = useRef(options);
  latest.current = options;

  const [handlers] = useState<TrayDropHandlers>(() => {
    const trayPlace = (rowKey: string, event: DragEvent<HTMLElement>, job: JobDTO): Placement => {
      const rect = event.currentTarget.getBoundingClientRect();
      return {
        rowKey,
        start: draggedStart(minuteAt(event.clientX, rect.left, rect.width, latest.current.range), 0),
        minutes: job.durationMinutes,
      };
    };
    const trayJob = (id: string | null) =>
      latest.current.trayJobs?.find((job) => job.id === id && job.date === null);
    return {
      over: (rowKey, event) => {
        if (!latest.current.isEnabled || !event.dataTransfer.types.includes(JOB_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        const job = trayJob(trayDragId.current);
        if (!job) return;
        const target = trayPlace(rowKey, event, job);
        const current = latest.current.currentPreview();
        const isSame =
          current?.source === "tray" &&
          current.target !== "tray" &&
          current.target.rowKey === target.rowKey &&
          current.target.start === target.start;
        if (!isSame) latest.current.setPreview({ job, target, source: "tray" } as P);
      },
      drop: (rowKey, event) => {
        if (!latest.current.isEnabled) return;
        const job = trayJob(event.dataTransfer.getData(JOB_DRAG_TYPE));
        if (!job) return;
        event.preventDefault();
        latest.current.setPreview(null);
        latest.current.commit(job, trayPlace(rowKey, event, job));
      },
    };
  });
  return handlers;
}
