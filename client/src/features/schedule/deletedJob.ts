import type { QueryClient } from "@tanstack/react-query";
import { queryKeys, rootKey } from "../../lib/queryKeys";

/**
 * After a job is deleted: the lists of jobs refetch, but the job's own queries (its photos,
 * still watched by the closing dialog) are cancelled and never asked again: the server
 * answers 404 for a job that is gone. Unwatched, they are dropped from the cache at once.
 */
export function forgetDeletedJob(queryClient: QueryClient, jobId: string): Promise<void> {
  const own = queryKeys.jobPhotos(jobId).slice(0, 2);
  void queryClient.cancelQueries({ queryKey: own });
  queryClient.removeQueries({ queryKey: own, predicate: (query) => query.getObserversCount() === 0 });
  return queryClient.invalidateQueries({
    queryKey: rootKey("jobs"),
    predicate: (query) => query.queryKey[1] !== jobId,
  });
}
