/**
 * My Day's server state (docs/my-day.md): one week of the member's own jobs, kept live
 * by useRealtime like the board's lists (its key names the employee, so a job given to
 * someone else leaves it), and the field-work changes a technician makes.
 */
import type { CalendarFeedDTO, JobDTO } from "@sched/shared-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { apiJson } from "../../lib/api";
import { toISODate } from "../../lib/dates";
import { queryKeys } from "../../lib/queryKeys";
import { putRowInLists, staleAnswerOf } from "../../lib/staleChange";

/** The days a week strip shows: Monday to Sunday. */
export const STRIP_DAYS = 7;

const byTime = (a: JobDTO, b: JobDTO) => a.time.localeCompare(b.time);

/** The member's jobs of the week that starts on `monday`; the last week stays while the next loads. */
export function useMyWeekJobs(companyId: string, employeeId: string, monday: string) {
  const sunday = toISODate(dayjs(monday).add(STRIP_DAYS - 1, "day"));
  return useQuery<JobDTO[]>({
    queryKey: queryKeys.employeeJobs(companyId, employeeId, monday, sunday),
    placeholderData: keepPreviousData,
  });
}

/** One day's jobs in time order (the list may hold other days and, briefly, other people's). */
export function jobsOfDay(jobs: readonly JobDTO[], employeeId: string, date: string): JobDTO[] {
  return jobs.filter((job) => job.employeeId === employeeId && job.date === date).sort(byTime);
}

/** The job to do next: the first one of the day still to start or still going. */
export function nextJob(jobs: readonly JobDTO[]): JobDTO | null {
  return jobs.find((job) => job.status === "scheduled" || job.status === "in_progress") ?? null;
}

/** What a technician records on a job (docs/my-day.md): never the plan itself. */
export type FieldWork =
  | { onMyWay: true }
  | { status: "in_progress" | "completed" }
  | { beforePhoto: string }
  | { afterPhoto: string };

/**
 * Saves one piece of field work from the version on screen. The saved job replaces the
 * listed one at once; when the office changed the job first (409 stale), the job as it
 * is now does, and the caller says so.
 */
export function useFieldWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ job, work }: { job: JobDTO; work: FieldWork }) =>
      apiJson<JobDTO>("PUT", `/api/jobs/${job.id}`, { ...work, version: job.version }),
    onSuccess: (saved) => putRowInLists(queryClient, "jobs", saved),
    onError: (error) => {
      const stale = staleAnswerOf<JobDTO>(error);
      if (stale) putRowInLists(queryClient, "jobs", stale.current);
    },
  });
}

/** A fresh secret calendar address for the member; the one before stops working. */
export function useCalendarFeed(companyId: string) {
  return useMutation({
    mutationFn: () => apiJson<CalendarFeedDTO>("POST", `/api/companies/${companyId}/calendar-feed`),
  });
}
