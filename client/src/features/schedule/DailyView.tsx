import { LeftOutlined, PlusOutlined, RightOutlined } from "@ant-design/icons";
import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { Button } from "antd";
import dayjs from "dayjs";
import { toISODate } from "../../lib/dates";
import { EmployeeAvatar } from "../employees/EmployeeAvatar";
import { JobCard } from "./JobCard";
import { formatAmount, totalAmount } from "./jobStyle";
import { jobsOf } from "./useJobs";
import "./views.css";

type DailyViewProps = {
  day: string;
  today: string;
  employees: EmployeeDTO[];
  jobs: JobDTO[];
  onDayChange: (day: string) => void;
  onAddJob?: (employeeId: string, date: string) => void;
  onOpenJob: (job: JobDTO) => void;
};

const plural = (count: number) => `${count} job${count === 1 ? "" : "s"}`;

/** One day, every active employee, their jobs in time order; arrows step a day. */
export function DailyView({ day, today, employees, jobs, onDayChange, onAddJob, onOpenJob }: DailyViewProps) {
  const dayJobs = employees.flatMap((employee) => jobsOf(jobs, employee.id, day));
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
        {employees.map((employee) => {
          const own = jobsOf(jobs, employee.id, day);
          return (
            <section
              key={employee.id}
              className="daily-person"
              data-testid={`daily-${employee.id}`}
              aria-label={employee.name}
            >
              <header className="daily-person__header">
                <EmployeeAvatar initials={employee.initials} avatarColor={employee.avatarColor} size={32} />
                <span className="daily-person__name">{employee.name}</span>
                <span className="daily-person__count">{plural(own.length)}</span>
                {onAddJob ? (
                  <Button
                    size="small"
                    icon={<PlusOutlined />}
                    aria-label={`Add job for ${employee.name} on ${dayjs(day).format("ddd, MMM D")}`}
                    onClick={() => onAddJob(employee.id, day)}
                  >
                    Add
                  </Button>
                ) : null}
              </header>
              {own.length ? (
                <div className="daily-person__jobs">
                  {own.map((job) => (
                    <JobCard key={job.id} job={job} onOpen={onOpenJob} />
                  ))}
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
