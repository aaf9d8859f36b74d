import { PlusOutlined } from "@ant-design/icons";
import { type EmployeeDTO, EXPORT_DAYS, GRID_DAYS, type JobDTO } from "@sched/shared-types";
import { Button, Select } from "antd";
import { toISODate, weekDays } from "../../lib/dates";
import { EmployeeAvatar } from "../employees/EmployeeAvatar";
import { JobCard } from "./JobCard";
import { formatAmount, totalAmount } from "./jobStyle";
import { jobsOf } from "./useJobs";
import "./views.css";

type ByEmployeeViewProps = {
  weekStart: string;
  today: string;
  employees: EmployeeDTO[];
  employeeId: string | null;
  jobs: JobDTO[];
  onSelectEmployee: (employeeId: string) => void;
  onAddJob?: (employeeId: string, date: string) => void;
  onOpenJob: (job: JobDTO) => void;
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

/** One employee's week, day by day, with counts and the total amount. */
export function ByEmployeeView(props: ByEmployeeViewProps) {
  const { weekStart, today, employees, employeeId, jobs, onSelectEmployee, onAddJob, onOpenJob } = props;
  const employee = employees.find((candidate) => candidate.id === employeeId) ?? employees[0];
  if (!employee) return null;
  const days = weekDays(weekStart, EXPORT_DAYS).map((day) => ({ day, date: toISODate(day) }));
  const byDay = days.map(({ day, date }) => ({ day, date, jobs: jobsOf(jobs, employee.id, date) }));
  const weekJobs = byDay.flatMap((entry) => entry.jobs);
  // Sunday is not on the grid (Monday to Saturday); it shows here only when work is booked on it.
  const shown = byDay.filter((entry, index) => index < GRID_DAYS || entry.jobs.length > 0);

  return (
    <div className="by-employee" data-testid="by-employee-view">
      <div className="by-employee__head">
        <Select
          className="by-employee__select"
          aria-label="Employee"
          value={employee.id}
          onChange={onSelectEmployee}
          options={employees.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          showSearch={{ optionFilterProp: "label" }}
        />
        <div className="by-employee__who">
          <EmployeeAvatar initials={employee.initials} avatarColor={employee.avatarColor} size={40} />
          <span className="by-employee__name">{employee.name}</span>
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
        {shown.map(({ day, date, jobs: dayJobs }) => (
          <section key={date} className={date === today ? "employee-day is-today" : "employee-day"}>
            <header className="employee-day__header">
              <span className="employee-day__name">{day.format("dddd, MMM D")}</span>
              <span className="employee-day__count">
                {dayJobs.length} job{dayJobs.length === 1 ? "" : "s"}
                {dayJobs.some((job) => job.amount) ? ` · ${formatAmount(totalAmount(dayJobs))}` : ""}
              </span>
              {onAddJob ? (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={`Add job for ${employee.name} on ${day.format("ddd, MMM D")}`}
                  onClick={() => onAddJob(employee.id, date)}
                >
                  Add
                </Button>
              ) : null}
            </header>
            {dayJobs.length ? (
              <div className="employee-day__jobs">
                {dayJobs.map((job) => (
                  <JobCard key={job.id} job={job} onOpen={onOpenJob} />
                ))}
              </div>
            ) : (
              <p className="employee-day__empty">Nothing booked</p>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
