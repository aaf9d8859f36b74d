import { LeftOutlined, PlusOutlined, RightOutlined, UserDeleteOutlined } from "@ant-design/icons";
import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { Button } from "antd";
import dayjs from "dayjs";
import { useMemo } from "react";
import { toISODate, weekStart } from "../../lib/dates";
import { EmployeeAvatar } from "../employees/EmployeeAvatar";
import { buildGridModel, dayRows } from "./gridModel";
import { JobCard } from "./JobCard";
import { formatAmount, totalAmount } from "./jobStyle";
import { rowJob } from "./OwnedJob";
import "./views.css";

type DailyViewProps = {
  day: string;
  today: string;
  employees: EmployeeDTO[];
  /** Everyone the company has: names the owners of jobs in the Inactive row. */
  everyone?: EmployeeDTO[];
  jobs: JobDTO[];
  onDayChange: (day: string) => void;
  onAddJob?: (employeeId: string, date: string) => void;
  onOpenJob: (job: JobDTO) => void;
};

const plural = (count: number) => `${count} job${count === 1 ? "" : "s"}`;

/** One day, every active employee (and the Inactive row when it has jobs), in time order; arrows step a day. */
export function DailyView(props: DailyViewProps) {
  const { day, today, employees, everyone, jobs, onDayChange, onAddJob, onOpenJob } = props;
  const model = useMemo(
    () =>
      buildGridModel({ weekStart: toISODate(weekStart(day)), jobs, rows: employees, everyone, span: "week" }),
    [day, jobs, employees, everyone],
  );
  const rows = dayRows(model, day);
  const dayJobs = rows.flatMap((entry) => entry.jobs);
  const step = (days: number) => onDayChange(toISODate(dayjs(day).add(days, "day")));
  return (
    <div className="daily-view" data-testid="daily-view">
      <div className="day-nav">
        <Button icon={<LeftOutlined />} aria-label="Previous day" onClick={() => step(-1)} />
        <div className="day-nav__label">
          <div className="day-nav__day" data-testid="daily-date">
            {dayjs(day).format("dddd, MMM D, YYYY")}
          </div>
          <div className="day-nav__summary">
            {day === today ? "Today · " : ""}
            {plural(dayJobs.length)}
            {dayJobs.some((job) => job.amount) ? ` · ${formatAmount(totalAmount(dayJobs))}` : ""}
          </div>
        </div>
        <Button icon={<RightOutlined />} aria-label="Next day" onClick={() => step(1)} />
      </div>
      <div className="daily-view__people">
        {rows.map(({ row, jobs: own }) => {
          const { employee } = row;
          return (
            <section
              key={row.key}
              className="daily-person"
              data-testid={`daily-${row.key}`}
              aria-label={row.label}
            >
              <header className="daily-person__header">
                {employee ? (
                  <EmployeeAvatar initials={employee.initials} avatarColor={employee.avatarColor} size={32} />
                ) : (
                  <UserDeleteOutlined className="week-grid__inactive-icon" aria-hidden />
                )}
                <span className="daily-person__name">{row.label}</span>
                <span className="daily-person__count">{plural(own.length)}</span>
                {onAddJob && employee ? (
                  <Button
                    size="small"
                    icon={<PlusOutlined aria-hidden />}
                    aria-label={`Add job for ${employee.name} on ${dayjs(day).format("ddd, MMM D")}`}
                    onClick={() => onAddJob(employee.id, day)}
                  >
                    Add
                  </Button>
                ) : null}
              </header>
              {own.length ? (
                <div className="daily-person__jobs">
                  {own.map((job) =>
                    rowJob(
                      job,
                      <JobCard key={job.id} job={job} onOpen={onOpenJob} />,
                      employee ? null : model.employeeName(job),
                    ),
                  )}
                </div>
              ) : (
                <p className="daily-person__empty">No jobs this day</p>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
