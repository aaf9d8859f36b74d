import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { forgetDeletedJob } from "../src/features/schedule/deletedJob";
import { queryKeys } from "../src/lib/queryKeys";

/** A watched query (as a mounted dialog or board watches it) that counts its fetches. */
function watched(queryClient: QueryClient, queryKey: readonly unknown[]) {
  let fetches = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: async () => {
      fetches++;
      return [];
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { fetches: () => fetches, unsubscribe };
}

const settled = (queryClient: QueryClient) =>
  new Promise<void>((resolve) => {
    const check = () => (queryClient.isFetching() === 0 ? resolve() : setTimeout(check, 0));
    check();
  });

describe("a deleted job", () => {
  it("never asks for its photos again; the lists and other jobs' photos refetch", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const photos = watched(queryClient, queryKeys.jobPhotos("gone"));
    const otherPhotos = watched(queryClient, queryKeys.jobPhotos("kept"));
    const list = watched(queryClient, ["/api/jobs", { companyId: "c" }]);
    await settled(queryClient);
    expect([photos.fetches(), otherPhotos.fetches(), list.fetches()]).toEqual([1, 1, 1]);

    await forgetDeletedJob(queryClient, "gone");
    expect([photos.fetches(), otherPhotos.fetches(), list.fetches()]).toEqual([1, 2, 2]);

    // Once the dialog has closed, nothing of the job stays in the cache.
    photos.unsubscribe();
    await forgetDeletedJob(queryClient, "gone");
    expect(queryClient.getQueryCache().find({ queryKey: queryKeys.jobPhotos("gone") })).toBeUndefined();
    otherPhotos.unsubscribe();
    list.unsubscribe();
  });
});
