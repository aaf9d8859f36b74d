/**
 * Which week, view, day and employee the board shows lives in the URL
 * (?week=2026-11-23&view=day&day=2026-11-25&employee=<id>), so a reload or a shared
 * link shows the same board. `job=<id>` asks for that job to be opened (the bell's links);
 * `replan=<employee id>` opens Mark out… for that person on `day` (the bell's sick day entry).
 */
import {
  addDays,
  daysBetween,
  EXPORT_DAYS,
  isCalendarDate,
  localDateString,
  weekStartOf,
} from "@sched/shared-types";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { useIsSmallScreen } from "../../lib/screen";
import { boardWeek } from "./jobWindow";

export const SCHEDULE_VIEWS = ["week", "employee", "day", "map"] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

export function useScheduleParams() {
  const [params, setParams] = useSearchParams();
  const isSmallScreen = useIsSmallScreen();
  const today = localDateString();

  const dayParam = params.get("day");
  const requestedDay = dayParam !== null && isCalendarDate(dayParam) ? dayParam : null;
  // A link naming only a day (?day=2026-12-07) opens that day's week, even when it is next week.
  const week = boardWeek(params.get("week") ?? requestedDay, today);
  const requestedView = params.get("view") as ScheduleView | null;
  // A phone opens on the Daily View: one column of cards fits a hand, a 6-day grid does not.
  const view: ScheduleView =
    requestedView && SCHEDULE_VIEWS.includes(requestedView) ? requestedView : isSmallScreen ? "day" : "week";
  const weekEnd = addDays(week, EXPORT_DAYS - 1);
  const day =
    requestedDay && requestedDay >= week && requestedDay <= weekEnd
      ? requestedDay
      : today >= week && today <= weekEnd
        ? today
        : week;
  const employeeId = params.get("employee");
  const jobId = params.get("job");
  const replanEmployeeId = params.get("replan");

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return {
    week,
    view,
    day,
    employeeId,
    /** The job to open, once it is on the board. */
    jobId,
    /** The person whose day to re-plan (Mark out… on `day`), once the roster is loaded. */
    replanEmployeeId,
    today,
    /** Shows the week of `date`; the Daily View keeps the same weekday. */
    setWeek: (date: string) => {
      const monday = weekStartOf(date);
      update({ week: monday, day: addDays(monday, daysBetween(week, day)) });
    },
    setDay: (date: string) => update({ week: weekStartOf(date), day: date }),
    goToToday: () => update({ week: weekStartOf(today), day: today }),
    setView: (next: ScheduleView) => update({ view: next }),
    setEmployee: (id: string) => update({ employee: id }),
    /** The job asked for has been opened (or is not there): the link has done its work. */
    clearJob: () => update({ job: null }),
    clearReplan: () => update({ replan: null }),
  };
}

export type ScheduleParams = ReturnType<typeof useScheduleParams>;
