import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import type { JobDTO } from "@sched/shared-types";
import { Button } from "antd";
import dayjs from "dayjs";
import { toISODate, weekDays } from "../../lib/dates";
import { STRIP_DAYS } from "./useMyDay";

type WeekStripProps = {
  monday: string;
  day: string;
  today: string;
  /** The member's jobs of the week, for the count under each day. */
  jobs: readonly JobDTO[];
  onDay: (date: string) => void;
};

/** Monday to Sunday with the number of jobs on each; tapping a day shows it, the arrows step a week. */
export function WeekStrip({ monday, day, today, jobs, onDay }: WeekStripProps) {
  const countOf = (date: string) =>
    jobs.filter((job) => job.date === date && job.status !== "cancelled").length;
  const step = (weeks: number) => onDay(toISODate(dayjs(day).add(weeks, "week")));
  return (
    <nav className="week-strip" aria-label="Days of the week">
      <Button type="text" icon={<LeftOutlined />} aria-label="Previous week" onClick={() => step(-1)} />
      <ol className="week-strip__days">
        {weekDays(monday, STRIP_DAYS).map((date) => {
          const iso = toISODate(date);
          const count = countOf(iso);
          const classes = [
            "week-strip__day",
            iso === day ? "is-selected" : "",
            iso === today ? "is-today" : "",
          ];
          return (
            <li key={iso}>
              <button
                type="button"
                className={classes.filter(Boolean).join(" ")}
                aria-pressed={iso === day}
                aria-label={`${date.format("dddd, MMMM D")}${iso === today ? " (today)" : ""}: ${count} ${count === 1 ? "job" : "jobs"}`}
                data-testid={`my-day-day-${iso}`}
                onClick={() => onDay(iso)}
              >
                <span className="week-strip__weekday">{date.format("dd")}</span>
                <span className="week-strip__date">{date.format("D")}</span>
                <span className="week-strip__count" aria-hidden>
                  {count > 0 ? count : ""}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <Button type="text" icon={<RightOutlined />} aria-label="Next week" onClick={() => step(1)} />
    </nav>
  );
}
