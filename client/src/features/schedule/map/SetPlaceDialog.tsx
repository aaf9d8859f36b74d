/**
 * "Set place" for a stop, without a mouse (docs/schedule.md, "Map"): the places' search (a
 * town, a postal code, a street where a geocoder is set up), or a point as a maps app shares
 * it ("40.7128, -74.0060"); saved as a pin (precision `manual`).
 */
import type { JobDTO } from "@sched/shared-types";
import { AutoComplete, Form, Modal } from "antd";
import { useState } from "react";
import { usePlaceSearch, useSettled } from "../../../entities/place/usePlaces";

const POINT_HINT = "Enter latitude and longitude, e.g. 40.7128, -74.0060";

/** "lat, lng" → the point, or the reason it is not one. */
export function parseLatLng(text: string): { lat: number; lng: number } | string {
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  if (parts.length !== 2) return POINT_HINT;
  const [lat, lng] = parts.map(Number);
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) return "Latitude must be between -90 and 90";
  if (!Number.isFinite(lng) || lng < -180 || lng > 180) return "Longitude must be between -180 and 180";
  return { lat, lng };
}

type SetPlaceDialogProps = {
  job: JobDTO;
  companyId: string | null;
  isSaving: boolean;
  onSave: (lat: number, lng: number) => void;
  onClose: () => void;
};

export function SetPlaceDialog({ job, companyId, isSaving, onSave, onClose }: SetPlaceDialogProps) {
  const [text, setText] = useState(job.place ? `${job.place.lat}, ${job.place.lng}` : job.location);
  const [error, setError] = useState<string | null>(null);
  const query = useSettled(text);
  const isPoint = typeof parseLatLng(query) !== "string";
  const search = usePlaceSearch(companyId, query, !isPoint);
  const suggestions = isPoint ? [] : (search.data ?? []);
  const submit = () => {
    const point = parseLatLng(text);
    if (typeof point !== "string") return onSave(point.lat, point.lng);
    const [best] = suggestions;
    if (best && best.label === text) return onSave(best.lat, best.lng);
    setError(
      suggestions.length ? "Choose a place from the list, or enter latitude and longitude" : POINT_HINT,
    );
  };
  return (
    <Modal
      open
      title={`Set place: ${job.location}`}
      okText="Save place"
      onOk={submit}
      confirmLoading={isSaving}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label="Place"
          htmlFor="set-place-input"
          validateStatus={error ? "error" : undefined}
          help={
            error ?? "Search a town or postal code, or paste latitude, longitude (e.g. 40.7128, -74.0060)"
          }
        >
          <AutoComplete
            id="set-place-input"
            autoFocus
            value={text}
            options={suggestions.map((place) => ({ value: place.label, label: place.label }))}
            onChange={(value) => {
              setText(value);
              setError(null);
            }}
            onSelect={(label: string) => {
              const place = suggestions.find((candidate) => candidate.label === label);
              if (place) onSave(place.lat, place.lng);
            }}
            onInputKeyDown={(event) => {
              // Enter on a typed point (no suggestion open) saves it.
              if (event.key === "Enter" && typeof parseLatLng(text) !== "string") submit();
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
