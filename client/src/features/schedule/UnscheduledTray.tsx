import {
  DownOutlined,
  InboxOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  RightOutlined,
} from "@ant-design/icons";
import type { JobDTO } from "@sched/shared-types";
import { type DragEvent, useId, useState } from "react";
import { JOB_DRAG_TYPE, JobCard } from "./JobCard";
import "./unscheduled-tray.css";

type UnscheduledTrayProps = {
  /** The tray's jobs, oldest first (useUnscheduledJobs). */
  jobs: JobDTO[];
  /** The jobs on the board, so a card dropped here is known. */
  boardJobs: JobDTO[];
  /** A phone: the tray folds away, and nothing is dragged (Move to… does it). */
  isSmallScreen: boolean;
  /** Drag and drop is on (desktop, office roles). */
  canDrag: boolean;
  onOpenJob: (job: JobDTO) => void;
  /** A board card dropped on the tray: take it off the schedule (with Undo). */
  onUnschedule: (job: JobDTO) => void;
};

const FOLDED_KEY = "unscheduledTrayFolded";

/**
 * The Unscheduled tray (docs/schedule.md): the jobs that have no
 * employee, day or time yet. Drag one onto a cell to schedule it, drag a card here to
 * unschedule it; the keyboard and phones use the job's "Move to…". Live like the board.
 */
export function UnscheduledTray({
  jobs,
  boardJobs,
  isSmallScreen,
  canDrag,
  onOpenJob,
  onUnschedule,
}: UnscheduledTrayProps) {
  const [isOpen, setIsOpen] = useState(false);
  // A desktop folds the tray to a narrow strip beside the board (its count still shown, still a
  // drop target), for the board's width; the choice is kept for the next visit.
  const [isFolded, setIsFolded] = useState(() => localStorage.getItem(FOLDED_KEY) === "1");
  const [isDropTarget, setIsDropTarget] = useState(false);
  const listId = useId();
  const showList = isSmallScreen ? isOpen : !isFolded;
  const fold = (next: boolean) => {
    setIsFolded(next);
    localStorage.setItem(FOLDED_KEY, next ? "1" : "0");
  };

  const isJobDrag = (event: DragEvent) => canDrag && event.dataTransfer.types.includes(JOB_DRAG_TYPE);
  const onDrop = (event: DragEvent) => {
    if (!isJobDrag(event)) return;
    event.preventDefault();
    setIsDropTarget(false);
    const id = event.dataTransfer.getData(JOB_DRAG_TYPE);
    const job = boardJobs.find((candidate) => candidate.id === id);
    if (job && job.date !== null) onUnschedule(job);
  };

  const title = `Unscheduled (${jobs.length})`;
  return (
    <section
      className={[
        "unscheduled-tray",
        isDropTarget ? "is-drop-target" : "",
        !isSmallScreen && isFolded ? "is-folded" : "",
      ].join(" ")}
      aria-label="Unscheduled jobs"
      data-testid="unscheduled-tray"
      onDragOver={(event) => {
        if (!isJobDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        if (!isDropTarget) setIsDropTarget(true);
      }}
      onDragLeave={(event) => {
        // Leaving for a card inside the tray is not leaving the tray.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDropTarget(false);
      }}
      onDrop={onDrop}
    >
      {isSmallScreen ? (
        <button
          type="button"
          className="unscheduled-tray__toggle"
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => setIsOpen((open) => !open)}
          data-testid="unscheduled-tray-toggle"
        >
          {isOpen ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />} {title}
        </button>
      ) : (
        <div className="unscheduled-tray__head">
          <h2 className="unscheduled-tray__title">
            <InboxOutlined aria-hidden /> <span className="unscheduled-tray__words">{title}</span>
          </h2>
          <button
            type="button"
            className="unscheduled-tray__fold"
            aria-expanded={!isFolded}
            aria-controls={listId}
            aria-label={isFolded ? "Show the unscheduled jobs" : "Fold the unscheduled jobs"}
            title={isFolded ? "Show the unscheduled jobs" : "Fold the unscheduled jobs"}
            onClick={() => fold(!isFolded)}
            data-testid="unscheduled-tray-fold"
          >
            {isFolded ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
          </button>
        </div>
      )}
      {showList ? (
        <div id={listId} className="unscheduled-tray__list">
          {jobs.length === 0 ? (
            <p className="unscheduled-tray__empty">
              {canDrag
                ? "No unscheduled jobs. Drag a card here to take it off the schedule."
                : "No unscheduled jobs."}
            </p>
          ) : (
            jobs.map((job) => <JobCard key={job.id} job={job} onOpen={onOpenJob} isDraggable={canDrag} />)
          )}
        </div>
      ) : null}
    </section>
  );
}
