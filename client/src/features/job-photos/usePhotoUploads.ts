/**
 * Several photos chosen at once (docs/my-day.md): each is resized on the phone in turn and
 * sent as soon as it is ready, so the sends run side by side while the next one is read.
 * Each shows its own state until stored; a failed one keeps its picture and its
 * Idempotency-Key, so Retry sends that one alone and it is stored once even if the first
 * send did arrive.
 */
import type { JobPhotoKind } from "@sched/shared-types";
import { useState } from "react";
import { readPhoto } from "../../entities/job/photoFile";
import { errorMessage } from "../../lib/errorText";
import { newIdempotencyKey } from "../../lib/idempotency";
import type { PhotoOutcome, useAddJobPhoto } from "./useJobPhotos";

/** One chosen photo on its way: being resized, being sent, or failed (with why). */
export type PhotoUpload = {
  key: string;
  state: "reading" | "sending" | "failed";
  /** The resized picture (a data URL), once read. */
  photo?: string;
  error?: string;
};

/** How one photo ended: stored or kept on the phone, or the reason it failed. */
type Sent = { outcome: PhotoOutcome } | { error: string };

type AddPhoto = ReturnType<typeof useAddJobPhoto>;

export function usePhotoUploads(
  kind: JobPhotoKind,
  add: AddPhoto,
  onAdded?: (outcome: PhotoOutcome) => void,
) {
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const change = (key: string, next: Partial<PhotoUpload> | null) =>
    setUploads((all) =>
      next === null
        ? all.filter((one) => one.key !== key)
        : all.map((one) => (one.key === key ? { ...one, ...next } : one)),
    );
  const fail = (key: string, error: string): Sent => {
    change(key, { state: "failed", error });
    return { error };
  };

  /** Sends one read photo; its entry goes once it is stored (or kept on the phone). */
  const send = async (key: string, photo: string): Promise<Sent> => {
    change(key, { state: "sending", photo, error: undefined });
    try {
      const outcome = await add.mutateAsync({ kind, photo, idempotencyKey: key });
      change(key, null);
      return { outcome };
    } catch (error) {
      return fail(key, errorMessage(error, "Please try again."));
    }
  };

  /**
   * Adds `files`: read one after another (a phone's memory), each sent once read. Tells
   * `onAdded` once for the lot; answers the reasons of those that failed.
   */
  const addFiles = async (files: File[]): Promise<string[]> => {
    const keyed = files.map((file) => ({ file, key: newIdempotencyKey() }));
    setUploads((all) => [...all, ...keyed.map(({ key }) => ({ key, state: "reading" as const }))]);
    const sends: Promise<Sent>[] = [];
    for (const { file, key } of keyed) {
      try {
        sends.push(send(key, await readPhoto(file)));
      } catch (error) {
        sends.push(Promise.resolve(fail(key, errorMessage(error, "This file could not be read."))));
      }
    }
    const results = await Promise.all(sends);
    const outcomes = results.flatMap((result) => ("outcome" in result ? [result.outcome] : []));
    if (outcomes.length > 0) onAdded?.(outcomes.includes("kept") ? "kept" : "saved");
    return results.flatMap((result) => ("error" in result ? [result.error] : []));
  };

  /** Sends a failed photo again, alone. One that could not be read is only taken away. */
  const retry = async (upload: PhotoUpload) => {
    if (!upload.photo) {
      change(upload.key, null);
      return;
    }
    const result = await send(upload.key, upload.photo);
    if ("outcome" in result) onAdded?.(result.outcome);
  };

  const dismiss = (upload: PhotoUpload) => change(upload.key, null);

  return { uploads, addFiles, retry, dismiss };
}
