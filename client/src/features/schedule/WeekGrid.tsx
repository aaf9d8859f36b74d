import { PlusOutlined, UserDeleteOutlined } from "@ant-design/icons";
import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import dayjs from "dayjs";
import { type CSSProperties, type DragEvent, useMemo, useState } from "react";
import { toISODate } from "../../lib/dates";
import { EmployeeAvatar } from "../employees/EmployeeAvatar";
import { buildGridModel, type GridRow } from "./gridModel";
import { JOB_DRAG_TYPE, JobCard } from "./JobCard";
import { rowJob } from "./OwnedJob";
import "./week-grid.css";

export type WeekGridProps = {
  /** Monday of the week, yyyy-MM-dd. */
  weekStart: string;
  /** The rows, in order (the board passes the active employees). */
  employees: EmployeeDTO[];
  /** Everyone the company has: names the owners of jobs in the Inactive row. */
  everyone?: EmployeeDTO[];
  /** Jobs to place: every job of the week shows once, others' in the Inactive row (gridModel.ts). */
  jobs: JobDTO[];
  /** The company's ISO working days: Sunday among them shows the Sunday column. */
  workingDays?: readonly number[];
  /** An archived week: no add buttons, no dragging; a job opens only if onOpenJob is given. */
  readOnly?: boolean;
  onAddJob?: (employeeId: string, date: string) => void;
  onOpenJob?: (job: JobDTO) => void;
  onMoveJob?: (job: JobDTO, employeeId: string, date: string) => void;
  /** Jobs off the grid that may be dropped on a cell: the Unscheduled tray's (docs/schedule.md). */
  dropJobs?: JobDTO[];
};

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
  readOnly = false,
  onAddJob,
  onOpenJob,
  onMoveJob,
  dropJobs,
}: WeekGridProps) {
  const model = useMemo(
    () => buildGridModel({ weekStart, jobs, rows: employees, everyone, workingDays }),
    [weekStart, jobs, employees, everyone, workingDays],
  );
  const days = model.days.map((date) => ({ day: dayjs(date), date }));
  const today = toISODate(dayjs());
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const canAdd = !readOnly && Boolean(onAddJob);
  const canDrag = !readOnly && Boolean(onMoveJob);

  const isJobDrag = (event: DragEvent) => canDrag && event.dataTransfer.types.includes(JOB_DRAG_TYPE);
  const onDrop = (event: DragEvent, employeeId: string, date: string) => {
    if (!isJobDrag(event)) return;
    event.preventDefault();
    setDropTarget(null);
    const id = event.dataTransfer.getData(JOB_DRAG_TYPE);
    const job =
      jobs.find((candidate) => candidate.id === id) ?? dropJobs?.find((candidate) => candidate.id === id);
    if (job && (job.employeeId !== employeeId || job.date !== date)) onMoveJob?.(job, employeeId, date);
  };

  return (
    // A narrow screen scrolls the grid sideways: keyboard users scroll it too (it takes the focus).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="week-grid-scroll" data-testid="week-grid" aria-label="Week grid" tabIndex={0}>
      <div className="week-grid" style={{ "--grid-days": days.length } as CSSProperties}>
        <div className="week-grid__corner">Employee</div>
        {days.map(({ day, date }) => (
          <div key={date} className={date === today ? "week-grid__day is-today" : "week-grid__day"}>
            <span className="week-grid__weekday">{day.format("ddd")}</span>
            <span className="week-grid__date">{day.format("MMM D")}</span>
          </div>
        ))}
        {model.rows.map((row) => {
          // Nobody can be given a job in the Inactive row: no drop, no add; its cards name their owner.
          const isInactive = row.employee === null;
          return (
            <div className="week-grid__row" key={row.key} data-testid={`row-${row.key}`}>
              <RowHead row={row} />
              {days.map(({ date }) => {
                const cellJobs = model.jobsIn(row.key, date);
                const key = cellKey(row.key, date);
                const label = `${row.label} on ${dayjs(date).format("ddd, MMM D")}`;
                return (
                  // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; keyboard and touch users move a job in its Edit dialog
                  <div
                    key={date}
                    className={[
                      "week-grid__cell",
                      date === today ? "is-today" : "",
                      dropTarget === key ? "is-drop-target" : "",
                    ].join(" ")}
                    data-testid={`cell-${row.key}-${date}`}
                    onDragOver={(event) => {
                      if (isInactive || !isJobDrag(event)) return;
                      event.preventDefault();
                      event.dataTransfer.dropEffect = "move";
                      if (dropTarget !== key) setDropTarget(key);
                    }}
                    onDragLeave={() => setDropTarget((current) => (current === key ? null : current))}
                    onDrop={(event) => (isInactive ? undefined : onDrop(event, row.key, date))}
                  >
                    {cellJobs.map((job) =>
                      rowJob(
                        job,
                        <JobCard key={job.id} job={job} onOpen={onOpenJob} isDraggable={canDrag} />,
                        isInactive ? model.employeeName(job) : null,
                      ),
                    )}
                    {canAdd && !isInactive ? (
                      <button
                        type="button"
                        className={cellJobs.length ? "cell-add cell-add--more" : "cell-add"}
                        aria-label={`Add job for ${label}`}
                        onClick={() => onAddJob?.(row.key, date)}
                      >
                        <PlusOutlined />
                      </button>
                    ) : null}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </section>
  );
}
