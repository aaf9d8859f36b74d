import { PlusOutlined, UserDeleteOutlined } from "@ant-design/icons";
import type { EmployeeDTO, JobDTO, TimeOffDTO } from "@sched/shared-types";
import dayjs from "dayjs";
import { type CSSProperties, type DragEvent, memo, useCallback, useMemo, useRef, useState } from "react";
import { EmployeeAvatar } from "../../entities/employee/EmployeeAvatar";
import { toISODate } from "../../lib/dates";
import { TimeOffMarks, timeOffCellClass } from "../time-off/TimeOffMark";
import { dayKey } from "../time-off/timeOffModel";
import { buildGridModel, type GridRow } from "./gridModel";
import { JOB_DRAG_TYPE, JobCard } from "./JobCard";
import { rowJob } from "./OwnedJob";
import { weekRowLoad } from "./rowBatches";
import { useRowsDrawn } from "./useRowsDrawn";
import "./week-grid.css";

type WeekGridProps = {
  /** Monday of the week, yyyy-MM-dd. */
  weekStart: string;
  /** The rows, in order (the board passes the active employees). */
  employees: EmployeeDTO[];
  /** Everyone the company has: names the owners of jobs in the Inactive row. */
  everyone?: EmployeeDTO[];
  /** Jobs to place: every job of the week shows once, others' in the Inactive row (gridModel.ts). */
  jobs: JobDTO[];
  /** The company's ISO working days: the grid shows their columns (and any day with work). */
  workingDays?: readonly number[];
  /** "Show all days" on: every day of the week has its column, working or not. */
  showAllDays?: boolean;
  /** An archived week: no add buttons, no dragging; a job opens only if onOpenJob is given. */
  readOnly?: boolean;
  onAddJob?: (employeeId: string, date: string) => void;
  onOpenJob?: (job: JobDTO) => void;
  onMoveJob?: (job: JobDTO, employeeId: string, date: string) => void;
  /** Jobs off the grid that may be dropped on a cell: the Unscheduled tray's (docs/schedule.md). */
  dropJobs?: JobDTO[];
  /** Time off by person and day (time-off/timeOffModel.ts): those cells are shaded. */
  timeOffByDay?: ReadonlyMap<string, readonly TimeOffDTO[]>;
  /** Whether the marks name the kind (the office's view). */
  showTimeOffKind?: boolean;
};

const NO_TIME_OFF: readonly TimeOffDTO[] = [];

const cellKey = (employeeId: string, date: string) => `${employeeId}|${date}`;

/** The row's head: the employee, or the Inactive row that collects everyone else's jobs. */
function RowHead({ row }: { row: GridRow }) {
  return (
    <div className="week-grid__employee">
      {row.employee ? (
        <EmployeeAvatar initials={row.employee.initials} avatarColor={row.employee.avatarColor} size={32} />
      ) : (
        <UserDeleteOutlined className="week-grid__inactive-icon" aria-hidden />
      )}
      <span className="week-grid__name">{row.label}</span>
    </div>
  );
}

/** A column: its date, its label for screen readers ("Mon, Jun 3") and its head ("Mon", "Jun 3"). */
type Day = { date: string; label: string; weekday: string; dayOfMonth: string };

/** What a row does with the pointer and the keyboard: the same functions for every row and every render. */
type RowActions = {
  onOpen?: (job: JobDTO) => void;
  onAdd?: (employeeId: string, date: string) => void;
  onDragOver: (event: DragEvent, rowKey: string, date: string) => void;
  onDragLeave: (rowKey: string, date: string) => void;
  onDrop: (event: DragEvent, rowKey: string, date: string) => void;
  employeeName: (job: JobDTO) => string;
};

type WeekRowProps = {
  row: GridRow;
  days: readonly Day[];
  /** The jobs of each of `days`, in order. */
  cells: readonly JobDTO[][];
  /** The time off of each of `days`, in order. */
  offs: readonly (readonly TimeOffDTO[])[];
  showKind: boolean;
  today: string;
  /** The date of this row's cell under a dragged job, if any. */
  dropDate: string | null;
  canDrag: boolean;
  actions: RowActions;
};

/** One employee's week. Redrawn only when its own jobs, its drop target or the days change. */
const WeekRow = memo(function WeekRow(props: WeekRowProps) {
  const { row, days, cells, offs, showKind, today, dropDate, canDrag, actions } = props;
  // Nobody can be given a job in the Inactive row: no drop, no add; its cards name their owner.
  const isInactive = row.employee === null;
  return (
    <div className="week-grid__row" data-testid={`row-${row.key}`}>
      <RowHead row={row} />
      {days.map(({ date, label }, index) => {
        const cellJobs = cells[index] ?? [];
        const cellOffs = offs[index] ?? NO_TIME_OFF;
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; keyboard and touch users move a job in its Edit dialog
          <div
            key={date}
            className={[
              "week-grid__cell",
              date === today ? "is-today" : "",
              dropDate === date ? "is-drop-target" : "",
              timeOffCellClass(cellOffs),
            ].join(" ")}
            data-testid={`cell-${row.key}-${date}`}
            onDragOver={isInactive ? undefined : (event) => actions.onDragOver(event, row.key, date)}
            onDragLeave={() => actions.onDragLeave(row.key, date)}
            onDrop={isInactive ? undefined : (event) => actions.onDrop(event, row.key, date)}
          >
            <TimeOffMarks offs={cellOffs} showKind={showKind} />
            {cellJobs.map((job) =>
              rowJob(
                job,
                <JobCard key={job.id} job={job} onOpen={actions.onOpen} isDraggable={canDrag} />,
                isInactive ? actions.employeeName(job) : null,
              ),
            )}
            {actions.onAdd && !isInactive ? (
              <button
                type="button"
                className={cellJobs.length ? "cell-add cell-add--more" : "cell-add"}
                aria-label={`Add job for ${row.label} on ${label}`}
                onClick={() => actions.onAdd?.(row.key, date)}
              >
                <PlusOutlined />
              </button>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}, sameRow);

/** Props equal, and each cell holding the same job objects (the model builds new arrays every time). */
function sameRow(before: WeekRowProps, after: WeekRowProps): boolean {
  return (
    before.row.key === after.row.key &&
    before.row.label === after.row.label &&
    before.row.employee === after.row.employee &&
    before.days === after.days &&
    before.today === after.today &&
    before.dropDate === after.dropDate &&
    before.canDrag === after.canDrag &&
    before.actions === after.actions &&
    before.showKind === after.showKind &&
    before.offs.length === after.offs.length &&
    before.offs.every((offs, index) => offs === after.offs[index]) &&
    before.cells.length === after.cells.length &&
    before.cells.every((jobs, index) => {
      const next = after.cells[index] ?? [];
      return jobs.length === next.length && jobs.every((job, at) => job === next[at]);
    })
  );
}

/**
 * The Week View: active employees by Monday to Saturday (and Sunday when it has work or
 * the company works Sundays), an Inactive row for anyone else's jobs, jobs in time order,
 * drag to move.
 */
export function WeekGrid({
  weekStart,
  employees,
  everyone,
  jobs,
  workingDays,
  showAllDays = false,
  readOnly = false,
  onAddJob,
  onOpenJob,
  onMoveJob,
  dropJobs,
  timeOffByDay,
  showTimeOffKind = false,
}: WeekGridProps) {
  const model = useMemo(
    () =>
      buildGridModel({
        weekStart,
        jobs,
        rows: employees,
        everyone,
        workingDays,
        span: showAllDays ? "week" : "grid",
      }),
    [weekStart, jobs, employees, everyone, workingDays, showAllDays],
  );
  // The days change only with the week and its Sunday column, not with every job.
  const dayList = model.days.join(",");
  const days = useMemo(
    () =>
      dayList.split(",").map((date) => {
        const day = dayjs(date);
        return {
          date,
          label: day.format("ddd, MMM D"),
          weekday: day.format("ddd"),
          dayOfMonth: day.format("MMM D"),
        };
      }),
    [dayList],
  );
  const cells = useMemo(
    () => model.rows.map((row) => model.days.map((date) => model.jobsIn(row.key, date))),
    [model],
  );
  const offs = useMemo(
    () =>
      model.rows.map((row) =>
        model.days.map((date) => timeOffByDay?.get(dayKey(row.key, date)) ?? NO_TIME_OFF),
      ),
    [model, timeOffByDay],
  );
  const loads = useMemo(
    () =>
      cells.map((rowCells) =>
        weekRowLoad(
          Math.max(0, ...rowCells.map((cellJobs) => cellJobs.length)),
          rowCells.reduce((sum, cellJobs) => sum + cellJobs.length, 0),
        ),
      ),
    [cells],
  );
  const grid = useRef<HTMLElement>(null);
  const drawn = useRowsDrawn(loads, `${weekStart}|${model.placed.length > 0}`, grid);
  const today = toISODate(dayjs());
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const canAdd = !readOnly && Boolean(onAddJob);
  const canDrag = !readOnly && Boolean(onMoveJob);
  // The rows get the same functions on every render (so unchanged rows are not redrawn);
  // these read the latest props when called.
  const latest = useRef({ jobs, dropJobs, onMoveJob, onOpenJob, onAddJob, canDrag, model });
  latest.current = { jobs, dropJobs, onMoveJob, onOpenJob, onAddJob, canDrag, model };
  const isJobDrag = useCallback(
    (event: DragEvent) => latest.current.canDrag && event.dataTransfer.types.includes(JOB_DRAG_TYPE),
    [],
  );
  const hasOpen = Boolean(onOpenJob);
  const actions = useMemo<RowActions>(
    () => ({
      onOpen: hasOpen ? (job) => latest.current.onOpenJob?.(job) : undefined,
      onAdd: canAdd ? (employeeId, date) => latest.current.onAddJob?.(employeeId, date) : undefined,
      onDragOver: (event, rowKey, date) => {
        if (!isJobDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        const key = cellKey(rowKey, date);
        setDropTarget((current) => (current === key ? current : key));
      },
      onDragLeave: (rowKey, date) => {
        const key = cellKey(rowKey, date);
        setDropTarget((current) => (current === key ? null : current));
      },
      onDrop: (event, rowKey, date) => {
        if (!isJobDrag(event)) return;
        event.preventDefault();
        setDropTarget(null);
        const id = event.dataTransfer.getData(JOB_DRAG_TYPE);
        const { jobs: placed, dropJobs: tray, onMoveJob: move } = latest.current;
        const job =
          placed.find((candidate) => candidate.id === id) ?? tray?.find((candidate) => candidate.id === id);
        if (job && (job.employeeId !== rowKey || job.date !== date)) move?.(job, rowKey, date);
      },
      employeeName: (job) => latest.current.model.employeeName(job),
    }),
    [hasOpen, canAdd, isJobDrag],
  );

  return (
    // A narrow screen scrolls the grid sideways: keyboard users scroll it too (it takes the focus).
    <section
      ref={grid}
      className="week-grid-scroll"
      data-testid="week-grid"
      aria-label="Week grid"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      <div className="week-grid" style={{ "--grid-days": days.length } as CSSProperties}>
        <div className="week-grid__corner">Employee</div>
        {days.map(({ date, weekday, dayOfMonth }) => (
          <div key={date} className={date === today ? "week-grid__day is-today" : "week-grid__day"}>
            <span className="week-grid__weekday">{weekday}</span>
            <span className="week-grid__date">{dayOfMonth}</span>
          </div>
        ))}
        {model.rows.slice(0, drawn).map((row, index) => {
          const [dropRow, dropDate] = dropTarget?.split("|") ?? [];
          return (
            <WeekRow
              key={row.key}
              row={row}
              days={days}
              cells={cells[index] ?? []}
              offs={offs[index] ?? []}
              showKind={showTimeOffKind}
              today={today}
              dropDate={dropRow === row.key ? (dropDate ?? null) : null}
              canDrag={canDrag}
              actions={actions}
            />
          );
        })}
      </div>
    </section>
  );
}
