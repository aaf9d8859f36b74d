import { PlusOutlined } from "@ant-design/icons";
import { type EmployeeDTO, GRID_DAYS, type JobDTO } from "@sched/shared-types";
import dayjs from "dayjs";
import { type DragEvent, useState } from "react";
import { toISODate, weekDays } from "../../lib/dates";
import { EmployeeAvatar } from "../employees/EmployeeAvatar";
import { JOB_DRAG_TYPE, JobCard } from "./JobCard";
import { jobsOf } from "./useJobs";
import "./week-grid.css";

export type WeekGridProps = {
  /** Monday of the week, yyyy-MM-dd. */
  weekStart: string;
  /** The rows, in order (the board passes the active employees). */
  employees: EmployeeDTO[];
  /** Jobs to place; those outside the 6 days or of other employees are not shown. */
  jobs: JobDTO[];
  /** An archived week: no add buttons, no dragging; a job opens only if onOpenJob is given. */
  readOnly?: boolean;
  onAddJob?: (employeeId: string, date: string) => void;
  onOpenJob?: (job: JobDTO) => void;
  onMoveJob?: (job: JobDTO, employeeId: string, date: string) => void;
};

const cellKey = (employeeId: string, date: string) => `${employeeId}|${date}`;

/** The Week View: active employees by Monday to Saturday, jobs in time order, drag to move. */
export function WeekGrid({
  weekStart,
  employees,
  jobs,
  readOnly = false,
  onAddJob,
  onOpenJob,
  onMoveJob,
}: WeekGridProps) {
  const days = weekDays(weekStart, GRID_DAYS).map((day) => ({ day, date: toISODate(day) }));
  const today = toISODate(dayjs());
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const canAdd = !readOnly && Boolean(onAddJob);
  const canDrag = !readOnly && Boolean(onMoveJob);

  const isJobDrag = (event: DragEvent) => canDrag && event.dataTransfer.types.includes(JOB_DRAG_TYPE);
  const onDrop = (event: DragEvent, employeeId: string, date: string) => {
    if (!isJobDrag(event)) return;
    event.preventDefault();
    setDropTarget(null);
    const job = jobs.find((candidate) => candidate.id === event.dataTransfer.getData(JOB_DRAG_TYPE));
    if (job && (job.employeeId !== employeeId || job.date !== date)) onMoveJob?.(job, employeeId, date);
  };

  return (
    // A narrow screen scrolls the grid sideways: keyboard users scroll it too (it takes the focus).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="week-grid-scroll" data-testid="week-grid" aria-label="Week grid" tabIndex={0}>
      <div className="week-grid">
        <div className="week-grid__corner">Employee</div>
        {days.map(({ day, date }) => (
          <div key={date} className={date === today ? "week-grid__day is-today" : "week-grid__day"}>
            <span className="week-grid__weekday">{day.format("ddd")}</span>
            <span className="week-grid__date">{day.format("MMM D")}</span>
          </div>
        ))}
        {employees.map((employee) => (
          <div className="week-grid__row" key={employee.id} data-testid={`row-${employee.id}`}>
            <div className="week-grid__employee">
              <EmployeeAvatar initials={employee.initials} avatarColor={employee.avatarColor} size={32} />
              <span className="week-grid__name">{employee.name}</span>
            </div>
            {days.map(({ date }) => {
              const cellJobs = jobsOf(jobs, employee.id, date);
              const key = cellKey(employee.id, date);
              return (
                // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; keyboard and touch users move a job in its Edit dialog
                <div
                  key={date}
                  className={[
                    "week-grid__cell",
                    date === today ? "is-today" : "",
                    dropTarget === key ? "is-drop-target" : "",
                  ].join(" ")}
                  data-testid={`cell-${employee.id}-${date}`}
                  onDragOver={(event) => {
                    if (!isJobDrag(event)) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = "move";
                    if (dropTarget !== key) setDropTarget(key);
                  }}
                  onDragLeave={() => setDropTarget((current) => (current === key ? null : current))}
                  onDrop={(event) => onDrop(event, employee.id, date)}
                >
                  {cellJobs.map((job) => (
                    <JobCard key={job.id} job={job} onOpen={onOpenJob} isDraggable={canDrag} />
                  ))}
                  {canAdd ? (
                    <button
                      type="button"
                      className={cellJobs.length ? "cell-add cell-add--more" : "cell-add"}
                      aria-label={`Add job for ${employee.name} on ${dayjs(date).format("ddd, MMM D")}`}
                      onClick={() => onAddJob?.(employee.id, date)}
                    >
                      <PlusOutlined />
                    </button>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
