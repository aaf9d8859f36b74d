import { PlusOutlined, UserDeleteOutlined } from "@ant-design/icons";
import type { EmployeeDTO, JobDTO, TimeOffDTO } from "@sched/shared-types";
import { Button, Select } from "antd";
import dayjs from "dayjs";
import { useMemo } from "react";
import { EmployeeAvatar } from "../../entities/employee/EmployeeAvatar";
import { formatAmount, totalAmount } from "../../entities/job/jobStyle";
import { TimeOffMarks, timeOffCellClass } from "../time-off/TimeOffMark";
import { dayKey } from "../time-off/timeOffModel";
import { buildGridModel, byRowWeek } from "./gridModel";
import { JobCard } from "./JobCard";
import { rowJob } from "./OwnedJob";
import "./views.css";

type ByEmployeeViewProps = {
  weekStart: string;
  today: string;
  employees: EmployeeDTO[];
  /** Everyone the company has: names the owners of jobs in the Inactive row. */
  everyone?: EmployeeDTO[];
  /** An employee's id, or "inactive" for the Inactive row (gridModel.ts). */
  employeeId: string | null;
  jobs: JobDTO[];
  workingDays?: readonly number[];
  onSelectEmployee: (employeeId: string) => void;
  onAddJob?: (employeeId: string, date: string) => void;
  /** "Mark out…": the employee is off that day and their jobs go to others (docs/time-off.md). */
  onMarkOut?: (employee: EmployeeDTO, date: string) => void;
  onOpenJob: (job: JobDTO) => void;
  /** Time off by person and day (time-off/timeOffModel.ts): those days are shaded. */
  timeOffByDay?: ReadonlyMap<string, readonly TimeOffDTO[]>;
  /** Whether the marks name the kind (the office's view). */
  showTimeOffKind?: boolean;
};

function Stat({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div className="employee-stat">
      <div className="employee-stat__value" data-testid={testId}>
        {value}
      </div>
      <div className="employee-stat__label">{label}</div>
    </div>
  );
}

/** One employee's week (or the Inactive row's), day by day, with counts and the total amount. */
export function ByEmployeeView(props: ByEmployeeViewProps) {
  const { weekStart, today, employees, everyone, employeeId, jobs, workingDays } = props;
  const { onSelectEmployee, onAddJob, onMarkOut, onOpenJob, timeOffByDay, showTimeOffKind = false } = props;
  const model = useMemo(
    () => buildGridModel({ weekStart, jobs, rows: employees, everyone, workingDays, span: "week" }),
    [weekStart, jobs, employees, everyone, workingDays],
  );
  const row = model.rows.find((candidate) => candidate.key === employeeId) ?? model.rows[0];
  if (!row) return null;
  const { employee } = row;
  const byDay = byRowWeek(model, row.key, workingDays).map(({ date, jobs: dayJobs }) => ({
    day: dayjs(date),
    date,
    jobs: dayJobs,
  }));
  const weekJobs = byDay.flatMap((entry) => entry.jobs);

  return (
    <div className="by-employee" data-testid="by-employee-view">
      <div className="by-employee__head">
        <Select
          className="by-employee__select"
          aria-label="Employee"
          value={row.key}
          onChange={onSelectEmployee}
          options={model.rows.map((candidate) => ({ value: candidate.key, label: candidate.label }))}
          showSearch={{ optionFilterProp: "label" }}
        />
        <div className="by-employee__who">
          {employee ? (
            <EmployeeAvatar initials={employee.initials} avatarColor={employee.avatarColor} size={40} />
          ) : (
            <UserDeleteOutlined className="week-grid__inactive-icon" aria-hidden />
          )}
          <span className="by-employee__name">{row.label}</span>
        </div>
      </div>
      <div className="employee-stats">
        <Stat label="Jobs this week" value={weekJobs.length} testId="stat-jobs" />
        <Stat
          label="Completed"
          value={weekJobs.filter((job) => job.status === "completed").length}
          testId="stat-completed"
        />
        <Stat
          label="Scheduled or in progress"
          value={weekJobs.filter((job) => job.status === "scheduled" || job.status === "in_progress").length}
          testId="stat-open"
        />
        <Stat label="Total amount" value={formatAmount(totalAmount(weekJobs))} testId="stat-total" />
      </div>
      <div className="by-employee__days">
        {byDay.map(({ day, date, jobs: dayJobs }) => {
          const offs = employee ? (timeOffByDay?.get(dayKey(employee.id, date)) ?? []) : [];
          return (
            <section
              key={date}
              className={["employee-day", date === today ? "is-today" : "", timeOffCellClass(offs)].join(" ")}
              data-testid={`employee-day-${date}`}
            >
              <header className="employee-day__header">
                <span className="employee-day__name">{day.format("dddd, MMM D")}</span>
                <span className="employee-day__count">
                  {dayJobs.length} job{dayJobs.length === 1 ? "" : "s"}
                  {dayJobs.some((job) => job.amount) ? ` · ${formatAmount(totalAmount(dayJobs))}` : ""}
                </span>
                {onAddJob && employee ? (
                  <Button
                    size="small"
                    icon={<PlusOutlined aria-hidden />}
                    aria-label={`Add job for ${employee.name} on ${day.format("ddd, MMM D")}`}
                    onClick={() => onAddJob(employee.id, date)}
                  >
                    Add
                  </Button>
                ) : null}
                {onMarkOut && employee?.isActive ? (
                  <Button
                    size="small"
                    aria-label={`Mark ${employee.name} out on ${day.format("ddd, MMM D")}`}
                    onClick={() => onMarkOut(employee, date)}
                  >
                    Mark out…
                  </Button>
                ) : null}
              </header>
              <TimeOffMarks offs={offs} showKind={showTimeOffKind} />
              {dayJobs.length ? (
                <div className="employee-day__jobs">
                  {dayJobs.map((job) =>
                    rowJob(
                      job,
                      <JobCard key={job.id} job={job} onOpen={onOpenJob} />,
                      employee ? null : model.employeeName(job),
                    ),
                  )}
                </div>
              ) : (
                <p className="employee-day__empty">Nothing booked</p>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
