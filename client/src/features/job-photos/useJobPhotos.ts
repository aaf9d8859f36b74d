/**
 * A job's photos (docs/my-day.md): the stored ones from GET /api/jobs/:id/photos
 * (refetched on every job event, lib/useRealtime.ts), the ones still in the phone's outbox
 * (docs/offline.md), adding one and the office deleting one.
 */
import type { JobDTO, JobPhotoDTO, JobPhotoKind } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFirstScreenDrawn } from "../../app/firstScreen";
import { ApiError, apiJson } from "../../lib/api";
import { newIdempotencyKey } from "../../lib/idempotency";
import { queryKeys } from "../../lib/queryKeys";
import { putRowInLists } from "../../lib/staleChange";
import type { QueuedJobPhoto } from "../offline/outbox";
import { useOutboxStore } from "../offline/outboxStore";
import { hasKeptChanges, isOffline, queueJobPhoto } from "../offline/queue";

type JobRef = Pick<JobDTO, "id" | "companyId">;

/**
 * The stored photos, asked for once the first screen is drawn: on My Day a request per
 * card would otherwise compete with the day's list on a slow phone (docs/performance.md).
 */
export function useJobPhotos(jobId: string) {
  const isScreenDrawn = useFirstScreenDrawn();
  return useQuery<JobPhotoDTO[]>({ queryKey: queryKeys.jobPhotos(jobId), enabled: isScreenDrawn });
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
    mutationFn: async ({ kind, photo }: { kind: JobPhotoKind; photo: string }): Promise<PhotoOutcome> => {
      if (isOffline() || hasKeptChanges(job.id)) {
        await queueJobPhoto(job, kind, photo);
        return "kept";
      }
      const key = newIdempotencyKey();
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
    onSuccess: (outcome) => {
      if (outcome === "saved") void queryClient.invalidateQueries({ queryKey: queryKeys.jobPhotos(job.id) });
    },
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
