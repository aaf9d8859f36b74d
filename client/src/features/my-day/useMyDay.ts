/**
 * My Day's server state (docs/my-day.md): one week of the member's own jobs, kept live
 * by useRealtime like the board's lists (its key names the employee, so a job given to
 * someone else leaves it), and the field-work changes a technician makes.
 */
import type { CalendarFeedDTO, JobDTO, LatLng } from "@sched/shared-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useEffect } from "react";
import { afterNextPaint } from "../../lib/afterPaint";
import { ApiError, apiJson } from "../../lib/api";
import { toISODate } from "../../lib/dates";
import { newIdempotencyKey } from "../../lib/idempotency";
import { putRowInLists, staleAnswerOf } from "../../lib/staleChange";
import type { JobWork } from "../../outbox/outbox";
import { hasKeptChanges, isOffline, queueJobWork } from "../../outbox/queue";
import { myWeekJobsKey, STRIP_DAYS } from "./myWeek";

export { STRIP_DAYS } from "./myWeek";

// An unscheduled job has no time (and no day, so My Day never lists one).
const byTime = (a: JobDTO, b: JobDTO) => (a.time ?? "").localeCompare(b.time ?? "");

/** The member's jobs of the week that starts on `monday`; the last week stays while the next loads. */
export function useMyWeekJobs(companyId: string, employeeId: string, monday: string) {
  return useQuery<JobDTO[]>({
    queryKey: myWeekJobsKey(companyId, employeeId, monday),
    placeholderData: keepPreviousData,
  });
}

/**
 * Loads the week after this one in the background, so the service worker keeps it and the
 * next 7 days open offline (docs/offline.md). Only online: offline it would fail.
 */
export function usePrefetchNextWeek(companyId: string, employeeId: string, thisMonday: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!navigator.onLine) return;
    const monday = toISODate(dayjs(thisMonday).add(STRIP_DAYS, "day"));
    // Once this week's day is on screen: its fetch would otherwise come before that paint.
    return afterNextPaint(
      () => void queryClient.prefetchQuery({ queryKey: myWeekJobsKey(companyId, employeeId, monday) }),
    );
  }, [queryClient, companyId, employeeId, thisMonday]);
}

/** One day's jobs in time order (the list may hold other days and, briefly, other people's). */
export function jobsOfDay(jobs: readonly JobDTO[], employeeId: string, date: string): JobDTO[] {
  return jobs.filter((job) => job.employeeId === employeeId && job.date === date).sort(byTime);
}

/** The job to do next: the first one of the day still to start or still going. */
export function nextJob(jobs: readonly JobDTO[]): JobDTO | null {
  return jobs.find((job) => job.status === "scheduled" || job.status === "in_progress") ?? null;
}

/** What a technician records on a job (docs/my-day.md): never the plan itself; photos: job-photos/. */
export type FieldWork = { onMyWay: true; from?: LatLng } | { status: "in_progress" | "completed" };

/**
 * The phone's time of a tap, sent with it: the technician's timesheet counts from the tap
 * (docs/timesheets.md); the server never records a time later than its own now.
 */
function tapTimeOf(
  work: FieldWork,
  now: string,
): { startedAt?: string; completedAt?: string; onMyWayAt?: string } {
  if ("onMyWay" in work) return { onMyWayAt: now };
  if ("status" in work) return work.status === "in_progress" ? { startedAt: now } : { completedAt: now };
  return {};
}

/** Saved: the server's job. Kept: in the phone's outbox, to be sent (docs/offline.md). */
type FieldWorkOutcome = { saved: JobDTO } | { kept: true };

/**
 * Saves one piece of field work from the version on screen, with an Idempotency-Key. The
 * saved job replaces the listed one at once; when the office changed the job first (409
 * stale), the job as it is now does, and the caller says so. Offline, behind changes of
 * the job still waiting, or when the answer never came, the change goes to the outbox
 * (docs/offline.md): a completion then carries the time it was tapped.
 */
export function useFieldWork() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it runs too: it then keeps the change in the outbox instead of waiting.
    networkMode: "always",
    mutationFn: async ({ job, work }: { job: JobDTO; work: FieldWork }): Promise<FieldWorkOutcome> => {
      if (isOffline() || hasKeptChanges(job.id)) {
        const kept: JobWork =
          "status" in work && work.status === "completed"
            ? { ...work, completedAt: new Date().toISOString() }
            : work;
        await queueJobWork(job, kept);
        return { kept: true };
      }
      const key = newIdempotencyKey();
      const tappedAt = new Date().toISOString();
      const tapped = tapTimeOf(work, tappedAt);
      try {
        const saved = await apiJson<JobDTO>(
          "PUT",
          `/api/jobs/${job.id}`,
          { ...work, ...tapped, version: job.version },
          { idempotencyKey: key },
        );
        return { saved };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // No answer: it may have arrived. The outbox sends it again as it was, with its key.
        // The same body as the request (the outbox adds the tap times from `tappedAt`), so the key matches it.
        await queueJobWork(
          job,
          tapped.completedAt ? { ...work, completedAt: tapped.completedAt } : work,
          key,
          tappedAt,
        );
        return { kept: true };
      }
    },
    onSuccess: (outcome) => {
      if ("saved" in outcome) putRowInLists(queryClient, "jobs", outcome.saved);
    },
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
