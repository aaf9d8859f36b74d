/**
 * One kind of a job's photos as a strip of thumbnails (docs/my-day.md): the
 * stored ones, the ones still on the phone marked as waiting, then the ones being sent; a
 * camera button adds several at once (resized on the phone first, sent side by side, each
 * failed one retried alone: usePhotoUploads.ts), the office may delete one.
 */
import { CameraOutlined, CloseOutlined, DeleteOutlined, ReloadOutlined } from "@ant-design/icons";
import { JOB_PHOTOS_PER_KIND, type JobDTO, type JobPhotoKind } from "@sched/shared-types";
import { Button, Tag } from "antd";
import { type ChangeEvent, useRef } from "react";
import { CAMERA_ACCEPT } from "../../entities/job/photoFile";
import { errorMessage } from "../../lib/errorText";
import { useFeedback } from "../../ui/feedback";
import { useAddJobPhoto, useDeleteJobPhoto, useJobPhotos, useQueuedPhotos } from "./useJobPhotos";
import { usePhotoUploads } from "./usePhotoUploads";
import "./job-photos.css";

const KIND_LABELS: Record<JobPhotoKind, string> = { before: "Before photo", after: "After photo" };
const UPLOAD_MARKS = { reading: "Preparing", sending: "Sending", failed: "Not added" } as const;

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
  const stored = (useJobPhotos(job.id).data ?? []).filter((photo) => photo.kind === kind);
  const queued = useQueuedPhotos(job.id).filter((photo) => photo.photoKind === kind);
  const add = useAddJobPhoto(job);
  const remove = useDeleteJobPhoto(job.id);
  const { uploads, addFiles, retry, dismiss } = usePhotoUploads(kind, add, onAdded);
  const label = KIND_LABELS[kind];
  const count = stored.length + queued.length + uploads.length;
  const isFull = count >= JOB_PHOTOS_PER_KIND;
  const isReading = uploads.some((upload) => upload.state === "reading");

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chooser = event.target;
    const chosen = Array.from(chooser.files ?? []);
    const room = JOB_PHOTOS_PER_KIND - count;
    if (chosen.length > room) {
      notification.warning({
        title: `Only ${room} more ${room === 1 ? "photo fits" : "photos fit"}`,
        description: `A job keeps ${JOB_PHOTOS_PER_KIND} ${label.toLowerCase()}s: the first ${room} chosen are added.`,
      });
    }
    // Always resized before it is sent or kept (photoFile.ts). The chooser is emptied only
    // once the files are read: emptied first, Chromium may drop them before they are read.
    // The same picture chosen again is then a new change.
    const failures = await addFiles(chosen.slice(0, room)).finally(() => {
      chooser.value = "";
    });
    if (failures.length > 0) {
      notification.error({
        title: failures.length === 1 ? "Photo not added" : `${failures.length} photos not added`,
        description: `${failures[0]} Retry each one marked "Not added".`,
      });
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
                <Button
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
              <Tag className="photo-strip__mark" color={photo.state === "failed" ? "red" : "gold"}>
                {photo.state === "failed" ? "Not sent" : "Waiting"}
              </Tag>
            </li>
          ))}
          {uploads.map((upload, index) => (
            <li
              key={upload.key}
              className={`photo-strip__item is-${upload.state}`}
              data-testid="photo-upload"
              data-state={upload.state}
            >
              {upload.photo ? (
                <img src={upload.photo} alt={`${label} ${stored.length + queued.length + index + 1}`} />
              ) : (
                <span className="photo-strip__placeholder" aria-hidden />
              )}
              <Tag className="photo-strip__mark" color={upload.state === "failed" ? "red" : "blue"}>
                {UPLOAD_MARKS[upload.state]}
              </Tag>
              {upload.state === "failed" ? (
                <span className="photo-strip__failed" role="alert" title={upload.error}>
                  <Button
                    size="small"
                    icon={<ReloadOutlined aria-hidden />}
                    aria-label={`Retry ${label.toLowerCase()} ${stored.length + queued.length + index + 1}`}
                    onClick={() => void retry(upload)}
                  />
                  <Button
                    size="small"
                    icon={<CloseOutlined aria-hidden />}
                    aria-label={`Remove ${label.toLowerCase()} ${stored.length + queued.length + index + 1}`}
                    onClick={() => dismiss(upload)}
                  />
                </span>
              ) : null}
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
            // Several at once; without `capture` a phone offers its camera and its gallery both.
            multiple
            disabled={isFull}
            // The button below is the control people and keyboards use; this input only opens the chooser.
            tabIndex={-1}
            aria-hidden
            onChange={(event) => void onFiles(event)}
          />
          <Button
            className="photo-strip__add"
            size="large"
            icon={<CameraOutlined aria-hidden />}
            disabled={isFull}
            loading={isReading}
            onClick={() => input.current?.click()}
          >
            {isFull ? `${JOB_PHOTOS_PER_KIND} photos, the most a job keeps` : `Add ${label.toLowerCase()}`}
          </Button>
        </>
      ) : null}
    </section>
  );
}
