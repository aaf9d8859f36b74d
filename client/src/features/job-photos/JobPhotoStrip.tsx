/**
 * One kind of a job's photos as a strip of thumbnails (docs/my-day.md): the
 * stored ones, then the ones still on the phone marked as waiting; a camera button adds one
 * (resized on the phone first), the office may delete one.
 */
import { CameraOutlined, DeleteOutlined } from "@ant-design/icons";
import { JOB_PHOTOS_PER_KIND, type JobDTO, type JobPhotoKind } from "@sched/shared-types";
import { type ChangeEvent, useRef, useState } from "react";
import { useFeedback } from "../../app/feedback";
import { PlainButton } from "../../components/PlainButton";
import { PlainTag } from "../../components/PlainTag";
import { errorMessage } from "../../lib/errorText";
import { CAMERA_ACCEPT, readPhoto } from "../schedule/photoFile";
import { useAddJobPhoto, useDeleteJobPhoto, useJobPhotos, useQueuedPhotos } from "./useJobPhotos";
import "./job-photos.css";

const KIND_LABELS: Record<JobPhotoKind, string> = { before: "Before photo", after: "After photo" };

type JobPhotoStripProps = {
  job: Pick<JobDTO, "id" | "companyId">;
  kind: JobPhotoKind;
  /** Whether this member may add photos here (progress on the job). */
  canAdd: boolean;
  /** Whether this member may delete a photo (the office). */
  canDelete: boolean;
  testId: string;
  /** Said after a photo is stored or kept on the phone. */
  onAdded?: (outcome: "saved" | "kept") => void;
};

export function JobPhotoStrip({ job, kind, canAdd, canDelete, testId, onAdded }: JobPhotoStripProps) {
  const { notification, modal } = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const [isReading, setIsReading] = useState(false);
  const stored = (useJobPhotos(job.id).data ?? []).filter((photo) => photo.kind === kind);
  const queued = useQueuedPhotos(job.id).filter((photo) => photo.photoKind === kind);
  const add = useAddJobPhoto(job);
  const remove = useDeleteJobPhoto(job.id);
  const label = KIND_LABELS[kind];
  const count = stored.length + queued.length;
  const isFull = count >= JOB_PHOTOS_PER_KIND;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chooser = event.target;
    const file = chooser.files?.[0];
    if (!file) return;
    setIsReading(true);
    try {
      // Always resized before it is sent or kept (photoFile.ts). The chooser is emptied only
      // once the file is read: emptied first, Chromium may drop the file before it is read.
      const photo = await readPhoto(file);
      // Sent first, then told: `onAdded?.(await …)` would skip the send where nobody listens.
      const outcome = await add.mutateAsync({ kind, photo });
      onAdded?.(outcome);
    } catch (error) {
      notification.error({ title: "Photo not added", description: errorMessage(error, "Please try again.") });
    } finally {
      // The same picture chosen again is a new change.
      chooser.value = "";
      setIsReading(false);
    }
  };

  const confirmDelete = (photoId: string, number: number) =>
    modal.confirm({
      title: `Delete ${label.toLowerCase()} ${number}?`,
      content: "The photo is removed from the job for everyone.",
      okText: "Delete",
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync(photoId).catch((error: unknown) => {
          notification.error({
            title: "Photo not deleted",
            description: errorMessage(error, "Please try again."),
          });
        }),
    });

  return (
    <section className="photo-strip" data-testid={testId} aria-label={`${label}s`}>
      <div className="photo-strip__head">
        <span className="photo-strip__title">{label}s</span>
        <span className="photo-strip__count" data-testid={`${testId}-count`}>
          {count} / {JOB_PHOTOS_PER_KIND}
        </span>
      </div>
      {count > 0 ? (
        <ul className="photo-strip__list">
          {stored.map((photo, index) => (
            <li key={photo.id} className="photo-strip__item" data-testid="photo-strip-item">
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img src={photo.url} alt={`${label} ${index + 1}`} loading="lazy" />
              </a>
              {canDelete ? (
                <PlainButton
                  className="photo-strip__delete"
                  size="small"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`Delete ${label.toLowerCase()} ${index + 1}`}
                  onClick={() => confirmDelete(photo.id, index + 1)}
                />
              ) : null}
            </li>
          ))}
          {queued.map((photo, index) => (
            <li
              key={photo.key}
              className={`photo-strip__item is-${photo.state}`}
              data-testid="photo-strip-item"
              data-state={photo.state}
            >
              <img src={photo.photo} alt={`${label} ${stored.length + index + 1}`} />
              <PlainTag className="photo-strip__mark" color={photo.state === "failed" ? "red" : "gold"}>
                {photo.state === "failed" ? "Not sent" : "Waiting"}
              </PlainTag>
            </li>
          ))}
        </ul>
      ) : null}
      {canAdd ? (
        <>
          <input
            ref={input}
            className="photo-strip__file"
            type="file"
            accept={CAMERA_ACCEPT}
            capture="environment"
            disabled={isFull}
            // The button below is the control people and keyboards use; this input only opens the camera.
            tabIndex={-1}
            aria-hidden
            onChange={(event) => void onFile(event)}
          />
          <PlainButton
            className="photo-strip__add"
            size="large"
            icon={<CameraOutlined aria-hidden />}
            disabled={isFull}
            loading={isReading}
            onClick={() => input.current?.click()}
          >
            {isFull ? `${JOB_PHOTOS_PER_KIND} photos, the most a job keeps` : `Add ${label.toLowerCase()}`}
          </PlainButton>
        </>
      ) : null}
    </section>
  );
}
