import type { JobDTO } from "@sched/shared-types";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { rootKey } from "../../../lib/queryKeys";
import { MOVE_JOB_KEY } from "../useJobs";

/** The job as the board's lists hold it now (the highest version any list has), else `job`. */
function latestCopy(queryClient: QueryClient, job: JobDTO): JobDTO {
  let latest = job;
  for (const [, list] of queryClient.getQueriesData<JobDTO[]>({ queryKey: rootKey("jobs") })) {
    const copy = Array.isArray(list) ? list.find((each) => each.id === job.id) : undefined;
    if (copy && copy.version > latest.version) latest = copy;
  }
  return latest;
}

/**
 * The timeline's saves go one at a time, each from the job as the last answer left it. A
 * keyboard user who pauses mid-move has the first step saved while the next is coming, and
 * a block can be dragged again before its save is back: sent at once from the version they
 * were made from, the second save would be refused as a change made since (by the user
 * themselves). Calls `save` with the latest copy of `job` once no move of the board is in
 * flight (at once when none is).
 */
export function saveInTurn(queryClient: QueryClient, job: JobDTO, save: (latest: JobDTO) => void): void {
  const isBusy = () => queryClient.isMutating({ mutationKey: MOVE_JOB_KEY }) > 0;
  if (!isBusy()) {
    save(latestCopy(queryClient, job));
    return;
  }
  const unsubscribe = queryClient.getMutationCache().subscribe(() => {
    if (isBusy()) return;
    unsubscribe();
    save(latestCopy(queryClient, job));
  });
}

/** `saveInTurn` on the app's query client. */
export function useSaveInTurn() {
  const queryClient = useQueryClient();
  const [inTurn] = useState(
    () => (job: JobDTO, save: (latest: JobDTO) => void) => saveInTurn(queryClient, job, save),
  );
  return inTurn;
}
