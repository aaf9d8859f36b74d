/**
 * Which week, view, day and employee the board shows lives in the URL
 * (?week=2026-11-23&view=day&day=2026-11-25&employee=<id>), so a reload or a shared
 * link shows the same board. `job=<id>` asks for that job to be opened (the bell's links).
 */
import { EXPORT_DAYS } from "@sched/shared-types";
import dayjs from "dayjs";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { toISODate, weekStart } from "../../lib/dates";
import { useIsSmallScreen } from "../../lib/screen";

export const SCHEDULE_VIEWS = ["week", "employee", "day"] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const validDate = (value: string | null) =>
  value && ISO_DATE.test(value) && dayjs(value).isValid() ? value : null;

export function useScheduleParams() {
  const [params, setParams] = useSearchParams();
  const isSmallScreen = useIsSmallScreen();
  const today = toISODate(dayjs());

  const week = toISODate(weekStart(validDate(params.get("week")) ?? today));
  const requestedView = params.get("view") as ScheduleView | null;
  // A phone opens on the Daily View: one column of cards fits a hand, a 6-day grid does not.
  const view: ScheduleView =
    requestedView && SCHEDULE_VIEWS.includes(requestedView) ? requestedView : isSmallScreen ? "day" : "week";
  const weekEnd = toISODate(dayjs(week).add(EXPORT_DAYS - 1, "day"));
  const requestedDay = validDate(params.get("day"));
  const day =
    requestedDay && requestedDay >= week && requestedDay <= weekEnd
      ? requestedDay
      : today >= week && today <= weekEnd
        ? today
        : week;
  const employeeId = params.get("employee");
  const jobId = params.get("job");

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
    today,
    /** Shows the week of `date`; the Daily View keeps the same weekday. */
    setWeek: (date: string) => {
      const monday = toISODate(weekStart(date));
      const offset = dayjs(day).diff(dayjs(week), "day");
      update({ week: monday, day: toISODate(dayjs(monday).add(offset, "day")) });
    },
    setDay: (date: string) => update({ week: toISODate(weekStart(date)), day: date }),
    goToToday: () => update({ week: toISODate(weekStart(today)), day: today }),
    setView: (next: ScheduleView) => update({ view: next }),
    setEmployee: (id: string) => update({ employee: id }),
    /** The job asked for has been opened (or is not there): the link has done its work. */
    clearJob: () => update({ job: null }),
  };
}

export type ScheduleParams = ReturnType<typeof useScheduleParams>;
