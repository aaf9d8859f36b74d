import { LeftOutlined, NodeIndexOutlined, RightOutlined } from "@ant-design/icons";
import type { CompanySettingsDTO, ConflictTimeOff, EmployeeDTO, JobDTO } from "@sched/shared-types";
import { Button } from "antd";
import dayjs from "dayjs";
import { formatAmount, totalAmount } from "../../entities/job/jobStyle";
import { toISODate } from "../../lib/dates";
import { DayTimeline, type TimelinePlace } from "./timeline/DayTimeline";
import type { ShadedRange } from "./timeline/TimelineRow";
import "./views.css";

type DailyViewProps = {
  day: string;
  today: string;
  employees: EmployeeDTO[];
  /** Everyone the company has: names the rows of people off the roster. */
  everyone?: EmployeeDTO[];
  jobs: JobDTO[];
  settings: CompanySettingsDTO;
  /** The Unscheduled tray's jobs, which can be dragged onto the timeline. */
  trayJobs?: JobDTO[];
  /** Time to shade per employee (time off, hours outside their pattern), in minutes of the day. */
  shadedRanges?: ReadonlyMap<string, readonly ShadedRange[]>;
  /** The time off on screen, for the warnings of a block being moved. */
  timeOff?: readonly ConflictTimeOff[];
  onDayChange: (day: string) => void;
  onAddJob?: (employeeId: string, date: string) => void;
  onOpenJob: (job: JobDTO) => void;
  /** Present for those who plan: blocks are dragged and moved by keyboard. */
  onReschedule?: (job: JobDTO, place: TimelinePlace, onMoved?: (moved: JobDTO) => void) => void;
  onSchedule?: (job: JobDTO, employeeId: string, date: string, time: string) => void;
  onUnschedule?: (job: JobDTO) => void;
  /**
   * Present for those who plan: "Optimize day" for the team, "Optimize route" in each row's
   * menu for one technician (null: the team; docs/schedule.md, "Optimize a day").
   */
  onOptimize?: (employee: EmployeeDTO | null) => void;
};

const plural = (count: number) => `${count} job${count === 1 ? "" : "s"}`;

/** One day by the hour (docs/schedule.md); arrows step a day. */
export function DailyView(props: DailyViewProps) {
  const { day, today, employees, everyone = employees, jobs, onDayChange } = props;
  const dayJobs = jobs.filter((job) => job.date === day);
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
        {props.onOptimize && dayJobs.length > 1 ? (
          <Button
            className="day-nav__optimize"
            icon={<NodeIndexOutlined aria-hidden />}
            data-testid="optimize-day"
            onClick={() => props.onOptimize?.(null)}
          >
            Optimize day
          </Button>
        ) : null}
      </div>
      <DayTimeline
        day={day}
        today={today}
        roster={employees}
        everyone={everyone}
        jobs={jobs}
        settings={props.settings}
        trayJobs={props.trayJobs}
        shadedRanges={props.shadedRanges}
        timeOff={props.timeOff}
        onOpenJob={props.onOpenJob}
        onAddJob={props.onAddJob}
        onReschedule={props.onReschedule}
        onSchedule={props.onSchedule}
        onUnschedule={props.onUnschedule}
        onOptimizeRoute={props.onOptimize}
      />
    </div>
  );
}
