/**
 * The line under an address in the job dialog and the customer form (docs/places.md): how
 * precisely the place is known ("approximate: postal code", or "no place" in grey), and
 * "Find place" for the office to choose one from the search. A chosen place is a pin the
 * form applies after its own save (`PendingPlace`), so the pin never makes the form's
 * version stale.
 */
import { EnvironmentOutlined } from "@ant-design/icons";
import type { Place, PlaceSuggestionDTO } from "@sched/shared-types";
import { AutoComplete, Button, Typography } from "antd";
import { useState } from "react";
import { placeWords, usePlaceSearch, useSettled } from "../entities/place/usePlaces";
import "./place-field.css";

/** What the form will do with the place after it saves: pin a search result, or go back to the address's. */
export type PendingPlace = { kind: "pin"; suggestion: PlaceSuggestionDTO } | { kind: "clear" };

type PlaceFieldProps = {
  companyId: string | null;
  /** The address as typed now. */
  address: string;
  /** The row as it was opened; none for a new one. */
  saved?: { address: string | null; place: Place | null };
  pending: PendingPlace | null;
  onPendingChange: (pending: PendingPlace | null) => void;
  /** The office may search and pin; others read the line only. */
  canChoose: boolean;
};

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

export function PlaceField({
  companyId,
  address,
  saved,
  pending,
  onPendingChange,
  canChoose,
}: PlaceFieldProps) {
  const [isFinding, setIsFinding] = useState(false);
  const [typed, setTyped] = useState("");
  const isUnchanged = saved !== undefined && sameAddress(saved.address, address);
  // A new or changed address: what the save will find for it, asked as the person stops typing.
  const settledAddress = useSettled(address);
  const preview = usePlaceSearch(companyId, settledAddress, canChoose && !isUnchanged && !pending);
  const search = usePlaceSearch(companyId, useSettled(typed), isFinding);

  const line = (() => {
    if (pending?.kind === "pin") {
      const { lat, lng, label } = pending.suggestion;
      return { place: { lat, lng, precision: "manual" } satisfies Place, note: label };
    }
    if (pending?.kind === "clear") return { place: undefined, note: "found from the address when saved" };
    if (isUnchanged) return { place: saved.place, note: "" };
    if (!canChoose || settledAddress.trim().length < 2) return { place: undefined, note: "" };
    if (preview.isFetching && !preview.data) return { place: undefined, note: "finding the place…" };
    const first = preview.data?.[0];
    return { place: first ?? null, note: first?.label ?? "" };
  })();

  const choose = (suggestion: PlaceSuggestionDTO) => {
    onPendingChange({ kind: "pin", suggestion });
    setIsFinding(false);
    setTyped("");
  };

  const words = line.place === undefined ? "" : placeWords(line.place);
  return (
    <div className="place-field" data-testid="place-field">
      <p className="place-field__line" aria-live="polite">
        <EnvironmentOutlined aria-hidden />{" "}
        <Typography.Text type={line.place ? undefined : "secondary"} data-testid="place-words">
          {words}
        </Typography.Text>
        {line.note ? (
          <Typography.Text type="secondary">
            {words ? " · " : ""}
            {line.note}
          </Typography.Text>
        ) : null}
        {pending && canChoose ? (
          <Button type="link" size="small" onClick={() => onPendingChange(null)}>
            Undo
          </Button>
        ) : null}
        {canChoose && !pending && !isFinding ? (
          <Button type="link" size="small" onClick={() => setIsFinding(true)} data-testid="find-place">
            Find place
          </Button>
        ) : null}
        {canChoose && !pending && isUnchanged && saved.place?.precision === "manual" ? (
          <Button type="link" size="small" onClick={() => onPendingChange({ kind: "clear" })}>
            Use the address instead
          </Button>
        ) : null}
      </p>
      {isFinding ? (
        <div className="place-field__find">
          <AutoComplete<string, { suggestion: PlaceSuggestionDTO }>
            autoFocus
            value={typed}
            onChange={setTyped}
            onSelect={(_value, option) => choose(option.suggestion)}
            options={(search.data ?? []).map((suggestion, index) => ({
              value: `${index}:${suggestion.label}`,
              label: `${suggestion.label} (${placeWords(suggestion)})`,
              suggestion,
            }))}
            notFoundContent={
              typed.trim().length < 2
                ? "Type a town, postal code or address"
                : search.isFetching
                  ? "Searching…"
                  : "No place found"
            }
            placeholder="Town, postal code or address"
            aria-label="Find place"
            onKeyDown={(event) => {
              // Enter picks a suggestion, never submits the dialog's form; Escape closes the search, not the dialog.
              if (event.key === "Enter") event.preventDefault();
              if (event.key === "Escape") {
                event.stopPropagation();
                setIsFinding(false);
              }
            }}
            className="place-field__search"
            data-testid="place-search"
          />
          <Button onClick={() => setIsFinding(false)}>Cancel</Button>
        </div>
      ) : null}
    </div>
  );
}
