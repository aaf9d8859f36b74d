/**
 * A job's photos (docs/my-day.md): the stored ones from GET /api/jobs/:id/photos
 * (refetched on every job event, realtime/useRealtime.ts), the ones still in the phone's outbox
 * (docs/offline.md), adding one and the office deleting one.
 */
import type { JobDTO, JobPhotoDTO, JobPhotoKind } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson } from "../../lib/api";
import { newIdempotencyKey } from "../../lib/idempotency";
import { queryKeys } from "../../lib/queryKeys";
import { putRowInLists } from "../../lib/staleChange";
import type { QueuedJobPhoto } from "../../outbox/outbox";
import { useOutboxStore } from "../../outbox/outboxStore";
import { hasKeptChanges, isOffline, queueJobPhoto } from "../../outbox/queue";

type JobRef = Pick<JobDTO, "id" | "companyId">;

/** The stored photos of a job. */
export function useJobPhotos(jobId: string) {
  return useQuery<JobPhotoDTO[]>({ queryKey: queryKeys.jobPhotos(jobId) });
}

/** This job's photos still on the phone, oldest first. */
export function useQueuedPhotos(jobId: string): QueuedJobPhoto[] {
  const changes = useOutboxStore((state) => state.changes);
  return changes.filter(
    (change): change is QueuedJobPhoto => change.kind === "photo" && change.jobId === jobId,
  );
}

/** Saved: stored on the server. Kept: in the phone's outbox, to be sent (docs/offline.md). */
export type PhotoOutcome = "saved" | "kept";

/**
 * Adds one photo (resized already), with an Idempotency-Key. Offline, behind the job's
 * changes still waiting, or when the answer never came, it goes to the outbox and is sent
 * later with the same key, so it is stored once.
 */
export function useAddJobPhoto(job: JobRef) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: "always",
    // `idempotencyKey`: a photo sent again (Retry) under the key of its first send is stored once.
    mutationFn: async ({
      kind,
      photo,
      idempotencyKey,
    }: {
      kind: JobPhotoKind;
      photo: string;
      idempotencyKey?: string;
    }): Promise<PhotoOutcome> => {
      if (isOffline() || hasKeptChanges(job.id)) {
        await queueJobPhoto(job, kind, photo);
        return "kept";
      }
      const key = idempotencyKey ?? newIdempotencyKey();
      try {
        await apiJson<JobPhotoDTO>(
          "POST",
          `/api/jobs/${job.id}/photos`,
          { kind, photo },
          { idempotencyKey: key },
        );
        return "saved";
      } catch (error) {
        if (error instanceof ApiError) throw error;
        await queueJobPhoto(job, kind, photo, key);
        return "kept";
      }
    },
    // Awaited by mutateAsync: the stored list has the photo before its sending entry goes.
    onSuccess: (outcome) =>
      outcome === "saved"
        ? queryClient.invalidateQueries({ queryKey: queryKeys.jobPhotos(job.id) })
        : undefined,
  });
}

/** The office deletes one photo; the job comes back with its photo links as they are now. */
export function useDeleteJobPhoto(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => apiJson<JobDTO>("DELETE", `/api/jobs/${jobId}/photos/${photoId}`),
    onSuccess: (job, photoId) => {
      queryClient.setQueryData<JobPhotoDTO[]>(queryKeys.jobPhotos(jobId), (photos) =>
        photos?.filter((photo) => photo.id !== photoId),
      );
      putRowInLists(queryClient, "jobs", job);
    },
  });
}
