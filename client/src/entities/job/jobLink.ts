/**
 * Where a bell entry about a job leads (docs/realtime.md): a technician
 * goes to the day on My Day, the office to the job opened on the board. The entry
 * names only the job, so its date comes from a loaded list, else from a short lookup.
 */
import type { JobDTO } from "@sched/shared-types";
import type { QueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { apiJson } from "../../lib/api";
import { toISODate, weekStart } from "../../lib/dates";
import { rootKey } from "../../lib/queryKeys";

/** How far around today the lookup reaches: the entries are recent, their jobs near. */
const LOOKUP_DAYS_BACK = 30;
const LOOKUP_DAYS_AHEAD = 90;

function cachedJob(queryClient: QueryClient, jobId: string): JobDTO | null {
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: rootKey("jobs") })) {
    if (!Array.isArray(data)) continue;
    const found = (data as JobDTO[]).find((job) => job.id === jobId);
    if (found) return found;
  }
  return null;
}

/** The job, if it still exists and lies within the lookup's reach; null otherwise. */
export async function findJob(queryClient: QueryClient, companyId: string, jobId: string) {
  const cached = cachedJob(queryClient, jobId);
  if (cached) return cached;
  const params = new URLSearchParams({
    companyId,
    startDate: toISODate(dayjs().subtract(LOOKUP_DAYS_BACK, "day")),
    endDate: toISODate(dayjs().add(LOOKUP_DAYS_AHEAD, "day")),
  });
  try {
    const jobs = await apiJson<JobDTO[]>("GET", `/api/jobs?${params}`);
    return jobs.find((job) => job.id === jobId) ?? null;
  } catch {
    return null;
  }
}

/**
 * My Day on the job's day (the job singled out), or the board's Daily View of that day
 * with the job open (the week grid has no Sunday column; the Daily View has every day).
 */
export function jobPath(job: JobDTO | null, jobId: string, where: "my-day" | "schedule"): string {
  if (where === "my-day") {
    return job ? `/my-day?day=${job.date}&job=${jobId}` : "/my-day";
  }
  if (!job) return "/schedule";
  const week = toISODate(weekStart(job.date));
  return `/schedule?week=${week}&view=day&day=${job.date}&job=${jobId}`;
}
