import {
  type CompanySettingsDTO,
  type ConflictTimeOff,
  type EmployeeDTO,
  isoWeekday,
  type JobDTO,
  type JobWarning,
  warningsForJob,
} from "@sched/shared-types";
import { useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import {
  type CSSProperties,
  type KeyboardEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { conflictContextOf, conflictCount } from "../../../entities/job/conflictMarks";
import { formatTimeRange } from "../../../entities/job/duration";
import { formatHour } from "../../../lib/dates";
import type { RowLoad } from "../rowBatches";
import { MOVE_JOB_KEY } from "../useJobs";
import { useRowsDrawn } from "../useRowsDrawn";
import { NowLine } from "./NowLine";
import { type BlockHandlers, trackHeightOf } from "./TimelineBlock";
import { type Ghost, type ShadedRange, TimelineRow } from "./TimelineRow";
import { buildTimeline, clockOf, hoursOf, keyboardMove, minutesOf, type Placement } from "./timelineModel";
import { type DropTarget, useBlockDrag } from "./useBlockDrag";
import { useSaveInTurn } from "./useSaveInTurn";
import { useTrayDrop } from "./useTrayDrop";
import "./timeline.css";

/** A keyboard move is saved once the keys rest this long (each press is shown and announced at once). */
const KEYBOARD_SAVE_MS = 800;

/** A job's new place, as the timeline saves it. */
export type TimelinePlace = { employeeId: string; date: string; time: string; durationMinutes: number };

type DayTimelineProps = {
  day: string;
  today: string;
  /** The board's roster: one row each, in order. */
  roster: EmployeeDTO[];
  /** Everyone the company has: names the rows of people off the roster who have jobs that day. */
  everyone: EmployeeDTO[];
  /** The board's jobs, each with its warnings. */
  jobs: JobDTO[];
  settings: CompanySettingsDTO;
  /** The Unscheduled tray's jobs: one dragged from the tray onto a row is scheduled there. */
  trayJobs?: JobDTO[];
  /** Time to shade per row key (time off, when it exists), in minutes of the day. */
  shadedRanges?: ReadonlyMap<string, readonly ShadedRange[]>;
  /** The time off on screen: a ghost on someone's time off shows the time_off warning. */
  timeOff?: readonly ConflictTimeOff[];
  onOpenJob: (job: JobDTO) => void;
  onAddJob?: (employeeId: string, date: string) => void;
  /** Drags and keyboard moves are on when the user plans the schedule. */
  onReschedule?: (job: JobDTO, place: TimelinePlace, onMoved?: (moved: JobDTO) => void) => void;
  onSchedule?: (job: JobDTO, employeeId: string, date: string, time: string) => void;
  onUnschedule?: (job: JobDTO) => void;
  /** "Optimize route" in each technician's row menu (docs/schedule.md, "Optimize a day"). */
  onOptimizeRoute?: (employee: EmployeeDTO) => void;
};

/** Where a job would go; a keyboard move's `step` counts the key presses (the latest saved wins). */
type Preview = { job: JobDTO; target: DropTarget; source: "pointer" | "keyboard" | "tray"; step?: number };

const EMPTY_SHADES: readonly ShadedRange[] = [];

/**
 * The Daily View's timeline (docs/schedule.md): a row per
 * technician across the day's hours, each job a block as wide as it is long. Blocks are
 * dragged (time, technician, length, to and from the tray) or moved by keyboard; while
 * they move, the ghost shows the time and the warnings the conflict engine gives there.
 */
export function DayTimeline(props: DayTimelineProps) {
  const { day, today, roster, everyone, jobs, settings, trayJobs, shadedRanges, onAddJob } = props;
  const canMove = Boolean(props.onReschedule);
  const timeline = useMemo(
    () =>
      buildTimeline({
        day,
        jobs,
        roster,
        everyone,
        workdayStart: settings.workdayStart,
        workdayEnd: settings.workdayEnd,
      }),
    [day, jobs, roster, everyone, settings.workdayStart, settings.workdayEnd],
  );
  const { range, rows } = timeline;
  // A screenful of rows first, the rest a batch per frame, as the Week View (a day of 50
  // technicians drew all 300 blocks before the first could be clicked).
  const loads = useMemo<RowLoad[]>(
    () => rows.map((row) => ({ height: trackHeightOf(row.laneCount) + 1, cards: row.blocks.length })),
    [rows],
  );
  const body = useRef<HTMLDivElement>(null);
  const drawn = useRowsDrawn(loads, `${day}|${jobs.length > 0}`, body);
  const { timeOff } = props;
  const context = useMemo(
    () => conflictContextOf(settings, everyone, timeOff),
    [settings, everyone, timeOff],
  );
  const offHours = useMemo<ShadedRange[]>(() => {
    if (!settings.workingDays.includes(isoWeekday(day))) return [{ start: range.start, end: range.end }];
    return [
      { start: range.start, end: minutesOf(settings.workdayStart) },
      { start: minutesOf(settings.workdayEnd), end: range.end },
    ];
  }, [day, range, settings.workingDays, settings.workdayStart, settings.workdayEnd]);

  const [preview, setPreview] = useState<Preview | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const keyboardSave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keySteps = useRef(0);
  /** The latest key step saved, per job. */
  const savedSteps = useRef(new Map<string, number>());
  /** The place of each job's latest saved key step, while the board may not show it yet. */
  const committedPlaces = useRef(new Map<string, Placement>());
  const queryClient = useQueryClient();
  const isMoveInFlight = () => queryClient.isMutating({ mutationKey: MOVE_JOB_KEY }) > 0;
  // The job whose block keyboard focus follows into its new row once a move is saved.
  const refocusId = useRef<string | null>(null);

  const rowKeyOf = (job: JobDTO) =>
    rows.find((row) => row.blocks.some((block) => block.job.id === job.id))?.key ?? job.employeeId ?? "";
  const acceptingRows = useMemo(() => rows.filter((row) => !row.isInactive).map((row) => row.key), [rows]);
  const nameOfRow = (key: string) => rows.find((row) => row.key === key)?.label ?? "";

  const warningsAt = (job: JobDTO, place: Placement): JobWarning[] =>
    warningsForJob(
      {
        ...job,
        employeeId: place.rowKey,
        date: day,
        time: clockOf(place.start),
        durationMinutes: place.minutes,
      },
      jobs,
      context,
    );

  const saveInTurn = useSaveInTurn();
  /** Saves `job` at `target` once the board's earlier moves are back (`useSaveInTurn`). */
  const commit = (job: JobDTO, target: DropTarget, onMoved?: (moved: JobDTO) => void) =>
    saveInTurn(job, (latest) => commitNow(latest, target, onMoved));
  /** Saves `job` at `target` (a row and time, or the tray) now; nothing when it did not move. */
  const commitNow = (job: JobDTO, target: DropTarget, onMoved?: (moved: JobDTO) => void) => {
    // Maybe called after later renders: their handlers.
    const props = live.current.props;
    if (target === "tray") {
      props.onUnschedule?.(job);
      return;
    }
    const time = clockOf(target.start);
    if (job.date === null) {
      props.onSchedule?.(job, target.rowKey, day, time);
      return;
    }
    const isSame =
      target.rowKey === job.employeeId &&
      job.date === day &&
      time === job.time &&
      target.minutes === job.durationMinutes;
    if (isSame) return;
    props.onReschedule?.(
      job,
      { employeeId: target.rowKey, date: day, time, durationMinutes: target.minutes },
      onMoved,
    );
  };

  /** A keyboard move waiting to be saved, saved now (`onMoved` hears the saved job). */
  const saveKeyboardMove = (onMoved?: (moved: JobDTO) => void) => {
    clearTimeout(keyboardSave.current);
    keyboardSave.current = undefined;
    const first = live.current.preview;
    if (first?.source !== "keyboard") return false;
    // Shown (and added to by further keys) until the board's earlier moves are back; then
    // the latest step of this job's move is saved, and an earlier step never after it.
    saveInTurn(first.job, (latest) => {
      const now = live.current.preview;
      const isShown = now?.source === "keyboard" && now.job.id === first.job.id;
      const pending = isShown ? now : first;
      const step = pending.step ?? 0;
      if (step <= (savedSteps.current.get(first.job.id) ?? -1)) return;
      savedSteps.current.set(first.job.id, step);
      if (isShown) {
        clearTimeout(keyboardSave.current);
        keyboardSave.current = undefined;
        setPreview(null);
      }
      refocusId.current = first.job.id;
      if (pending.target !== "tray") committedPlaces.current.set(first.job.id, pending.target);
      commitNow(latest, pending.target, (moved) => {
        onMoved?.(moved);
        requestAnimationFrame(() => {
          // Only when the focus was lost with the old block: never taken from where the user went since.
          const active = document.activeElement;
          if (refocusId.current === moved.id && (!active || active === document.body)) focusBlock(moved.id);
          refocusId.current = null;
        });
      });
    });
    return true;
  };

  const drag = useBlockDrag({
    range,
    rowKeyOf,
    onPreview: (job, target) => setPreview(target ? { job, target, source: "pointer" } : null),
    onDrop: (job, target) => {
      setPreview(null);
      commit(job, target);
    },
  });

  // The handlers every block shares read the latest render through this ref.
  const live = useRef({ preview, props, drag, rows, acceptingRows });
  live.current = { preview, props, drag, rows, acceptingRows };
  const describe = (job: JobDTO, place: Placement) => {
    const warnings = warningsAt(job, place);
    const where = `${job.type} at ${job.location}: ${nameOfRow(place.rowKey)}, ${formatTimeRange(clockOf(place.start), place.minutes)}`;
    return warnings.length
      ? `${where}. ${conflictCount(warnings.length)}: ${warnings.map((warning) => warning.message).join("; ")}`
      : where;
  };
  const liveHelpers = useRef({ describe, saveKeyboardMove });
  liveHelpers.current = { describe, saveKeyboardMove };

  const [handlers] = useState<BlockHandlers>(() => ({
    open: (job) => {
      if (live.current.drag.takeClickAfterDrag()) return;
      live.current.props.onOpenJob(job);
    },
    pointerDown: (job, mode, event) => live.current.drag.pointerDown(job, mode, event),
    keyDown: (job, rowKey, event: KeyboardEvent<HTMLElement>) => {
      const pending = live.current.preview;
      const isPending =
        pending?.source === "keyboard" && pending.job.id === job.id && pending.target !== "tray";
      if (event.key === "Enter" && isPending) {
        // Enter opens the job: first the move waiting to be saved, then the saved job.
        event.preventDefault();
        liveHelpers.current.saveKeyboardMove((moved) => live.current.props.onOpenJob(moved));
        return;
      }
      if (event.key === "Escape" && isPending) {
        event.preventDefault();
        clearTimeout(keyboardSave.current);
        // A step waiting for an earlier save is dropped too.
        savedSteps.current.set(job.id, keySteps.current);
        setPreview(null);
        setAnnouncement("Move cancelled");
        return;
      }
      if (!job.time) return;
      // A step saved but not yet on the board (its save on its way) is where the next one starts.
      const saving = isMoveInFlight() ? committedPlaces.current.get(job.id) : undefined;
      const from: Placement =
        isPending && pending.target !== "tray"
          ? pending.target
          : (saving ?? { rowKey, start: minutesOf(job.time), minutes: job.durationMinutes });
      const next = keyboardMove(from, event, live.current.acceptingRows);
      // Someone off the roster keeps the job until it goes to a roster row (Alt+Up/Down).
      if (!next || !live.current.acceptingRows.includes(next.rowKey)) return;
      event.preventDefault();
      keySteps.current += 1;
      setPreview({ job, target: next, source: "keyboard", step: keySteps.current });
      setAnnouncement(liveHelpers.current.describe(job, next));
      clearTimeout(keyboardSave.current);
      keyboardSave.current = setTimeout(() => liveHelpers.current.saveKeyboardMove(), KEYBOARD_SAVE_MS);
    },
    blur: (job) => {
      const pending = live.current.preview;
      if (pending?.source === "keyboard" && pending.job.id === job.id) liveHelpers.current.saveKeyboardMove();
    },
  }));

  // A block that moved to another row is drawn anew there: the focus follows it, in the
  // same task as the redraw (a layout effect), so no key pressed meanwhile is lost.
  useLayoutEffect(() => {
    const id = refocusId.current;
    if (!id) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    focusBlock(id);
  });
  useEffect(() => () => clearTimeout(keyboardSave.current), []);

  const trayHandlers = useTrayDrop<Preview>({
    isEnabled: canMove && Boolean(props.onSchedule),
    range,
    trayJobs,
    currentPreview: () => live.current.preview,
    setPreview,
    commit: (job, target) => commit(job, target),
  });

  const ghostTarget = preview && preview.target !== "tray" ? preview.target : null;
  const ghost: Ghost | undefined =
    preview && ghostTarget
      ? {
          start: ghostTarget.start,
          minutes: ghostTarget.minutes,
          warnings: warningsAt(preview.job, ghostTarget),
        }
      : undefined;
  const movingRow = preview ? rowKeyOf(preview.job) : null;
  const dayLabel = dayjs(day).format("ddd, MMM D");
  const addJob = useMemo(
    () => (onAddJob ? (employeeId: string) => onAddJob(employeeId, day) : undefined),
    [onAddJob, day],
  );
  const hours = hoursOf(range);

  return (
    <div className="timeline" data-testid="timeline" ref={drag.touchArea}>
      <div className="job-card__sr-only" aria-live="polite" data-testid="timeline-announcer">
        {announcement}
      </div>
      {/* A narrow screen scrolls the hours sideways: keyboard users scroll it too (it takes the focus). */}
      <section
        className="timeline__scroller"
        aria-label="Timeline"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        <div className="timeline__grid" style={{ "--hours": hours.length } as CSSProperties}>
          <div className="timeline__head" aria-hidden>
            <div className="timeline__corner">Technician</div>
            <div className="timeline__hours">
              {hours.map((minute) => (
                <span key={minute} className="timeline__hour" data-testid="timeline-hour">
                  {formatHour(clockOf(minute))}
                </span>
              ))}
            </div>
          </div>
          <div ref={body} className="timeline__body">
            {day === today ? <NowLine range={range} /> : null}
            {rows.slice(0, drawn).map((row) => (
              <TimelineRow
                key={row.key}
                row={row}
                range={range}
                offHours={offHours}
                shaded={shadedRanges?.get(row.key) ?? EMPTY_SHADES}
                ghost={ghostTarget?.rowKey === row.key ? ghost : undefined}
                movingId={preview && movingRow === row.key ? preview.job.id : undefined}
                canMove={canMove}
                handlers={handlers}
                tray={canMove ? trayHandlers : undefined}
                dayLabel={dayLabel}
                onAdd={addJob}
                onOptimize={props.onOptimizeRoute}
                drive={settings.drive}
              />
            ))}
          </div>
        </div>
      </section>
    </div>
  );
}

function focusBlock(jobId: string) {
  document
    .querySelector<HTMLElement>(`.timeline [data-testid="job-card"][data-job-id="${CSS.escape(jobId)}"]`)
    ?.focus();
}
