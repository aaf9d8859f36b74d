import { CameraOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { type ChangeEvent, useRef, useState } from "react";
import { useFeedback } from "../../app/feedback";
import { CAMERA_ACCEPT, readCameraPhoto } from "../schedule/photoFile";

type CameraButtonProps = {
  label: string;
  /** The stored photo's URL, shown as a thumbnail that opens it. */
  photoUrl: string | null;
  disabled?: boolean;
  isSaving: boolean;
  onPhoto: (dataUrl: string) => void;
  testId: string;
};

/** One photo of a job from the phone's camera (a file picker on a computer), saved at once. */
export function CameraButton({ label, photoUrl, disabled, isSaving, onPhoto, testId }: CameraButtonProps) {
  const { notification } = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const [isReading, setIsReading] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setIsReading(true);
    try {
      onPhoto(await readCameraPhoto(file));
    } catch (error) {
      notification.error({
        title: "Photo not added",
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setIsReading(false);
    }
  };

  return (
    <div className="my-job__photo" data-testid={testId}>
      {photoUrl ? (
        <a href={photoUrl} target="_blank" rel="noreferrer" className="my-job__thumb">
          <img src={photoUrl} alt={label} />
        </a>
      ) : null}
      <input
        ref={input}
        className="my-job__file"
        type="file"
        accept={CAMERA_ACCEPT}
        capture="environment"
        disabled={disabled}
        aria-label={label}
        onChange={(event) => void onFile(event)}
      />
      <Button
        size="large"
        icon={<CameraOutlined aria-hidden />}
        disabled={disabled}
        loading={isReading || isSaving}
        onClick={() => input.current?.click()}
      >
        {photoUrl ? `Replace ${label.toLowerCase()}` : label}
      </Button>
    </div>
  );
}
