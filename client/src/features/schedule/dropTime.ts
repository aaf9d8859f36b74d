/**
 * A drop on today that names no time never gets a time already past (docs/schedule.md):
 * the board guesses the next free slot from now on the company's clock,
 * among the technician's jobs it holds for that day, to show until the answer. The server
 * picks the slot on the company's clock, so its answer wins.
 */
import {
  type CompanySettingsDTO,
  clockIn,
  dateIn,
  isTimePast,
  type JobDTO,
  nextFreeTime,
} from "@sched/shared-types";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { queryKeys, rootKey } from "../../lib/queryKeys";

/** The technician's other jobs on `date` in every job list the board has loaded, once each. */
function busyOn(queryClient: QueryClient, employeeId: string, date: string, exceptId: string) {
  const byId = new Map<string, JobDTO>();
  for (const [, list] of queryClient.getQueriesData<JobDTO[]>({ queryKey: rootKey("jobs") })) {
    if (!Array.isArray(list)) continue;
    for (const job of list) {
      const isBusy = job.employeeId === employeeId && job.date === date && job.status !== "cancelled";
      if (isBusy && job.id !== exceptId) byId.set(job.id, job);
    }
  }
  return [...byId.values()];
}

/** The time a drop of `job` on `date` should ask for instead of `time`; undefined when `time` stands. */
export function useDropTime() {
  const queryClient = useQueryClient();
  return (job: JobDTO, employeeId: string, date: string, time: string): string | undefined => {
    // The company's clock, as the server reads it; the browser's until the settings are loaded.
    const settings = queryClient.getQueryData<CompanySettingsDTO>(queryKeys.settings(job.companyId));
    const now = new Date();
    if (date !== dateIn(now, settings?.timeZone)) return undefined;
    const clock = clockIn(now, settings?.timeZone);
    if (!isTimePast(time, clock)) return undefined;
    // Room to drive from the job before and to the one after, where places are known (docs/places.md).
    return nextFreeTime(clock, job.durationMinutes, busyOn(queryClient, employeeId, date, job.id), {
      place: job.place ?? null,
      drive: settings?.drive,
    });
  };
}
