import { CameraOutlined, DeleteOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { PHOTO_ACCEPT, readPhoto } from "./photoFile";

/** undefined: unchanged; null: remove the stored photo; a data URL: the new photo. */
export type PhotoChange = string | null | undefined;

type PhotoPickerProps = {
  label: string;
  /** The stored photo's URL, if any. */
  currentUrl: string | null;
  value: PhotoChange;
  onChange: (value: PhotoChange) => void;
  disabled?: boolean;
  testId: string;
};

/** A file picker for one photo, with a preview and a way to remove it. */
export function PhotoPicker({ label, currentUrl, value, onChange, disabled, testId }: PhotoPickerProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [isReading, setIsReading] = useState(false);
  const preview = value === undefined ? currentUrl : value;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setError(null);
    setIsReading(true);
    try {
      onChange(await readPhoto(file));
    } catch (readError) {
      setError(readError instanceof Error ? readError.message : String(readError));
    } finally {
      setIsReading(false);
    }
  };

  return (
    <div className="photo-picker" data-testid={testId}>
      <label className="photo-picker__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="photo-picker__body">
        {preview ? (
          <img className="photo-picker__preview" src={preview} alt={`${label} preview`} />
        ) : (
          <div className="photo-picker__empty" aria-hidden>
            <CameraOutlined />
          </div>
        )}
        <div className="photo-picker__actions">
          <input
            ref={input}
            id={inputId}
            className="photo-picker__input"
            type="file"
            accept={PHOTO_ACCEPT}
            disabled={disabled}
            onChange={(event) => void onFile(event)}
          />
          <Button
            icon={<CameraOutlined aria-hidden />}
            disabled={disabled}
            loading={isReading}
            onClick={() => input.current?.click()}
          >
            {preview ? "Replace" : "Choose photo"}
          </Button>
          {preview ? (
            <Button
              icon={<DeleteOutlined aria-hidden />}
              disabled={disabled}
              onClick={() => onChange(currentUrl ? null : undefined)}
            >
              Remove
            </Button>
          ) : null}
        </div>
      </div>
      {error ? (
        <div className="photo-picker__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
