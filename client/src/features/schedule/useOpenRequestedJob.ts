import type { JobDTO } from "@sched/shared-types";
import { useEffect, useRef } from "react";
import type { ScheduleParams } from "./useScheduleParams";

type LoadedJobs = { data: JobDTO[] | undefined; isPlaceholderData: boolean };

/**
 * Opens the job a link asks for (`?job=<id>`, the bell's entries) once the board has
 * loaded its week, then drops the parameter so a reload does not open it again.
 */
export function useOpenRequestedJob(params: ScheduleParams, jobs: LoadedJobs, open: (job: JobDTO) => void) {
  const { jobId, clearJob } = params;
  const openRef = useRef(open);
  openRef.current = open;
  // The link is followed once, however often the board renders before the address changes.
  const handled = useRef<string | null>(null);
  const isLoaded = jobs.data !== undefined && !jobs.isPlaceholderData;
  const requested = jobId ? (jobs.data?.find((job) => job.id === jobId) ?? null) : null;

  useEffect(() => {
    if (!jobId) {
      handled.current = null;
      return;
    }
    if (!isLoaded || handled.current === jobId) return;
    handled.current = jobId;
    if (requested) openRef.current(requested);
    clearJob();
  }, [jobId, isLoaded, requested, clearJob]);
}
