/**
 * Arrival windows grouped by day, as radio buttons, a week at a time with "More days"
 * until the company's horizon. The booking page and the visit page's Reschedule both use
 * it; the caller says where windows come from.
 */
import { useCallback, useEffect, useState } from "react";
import { ApiError, type ArrivalWindow } from "./api";
import { addDays, formatDay, formatWindow, todayIso } from "./format";
import { Alert } from "./Step";
import { DAYS_PER_PAGE, groupByDay, windowKey } from "./windows";

type Props = {
  /** The windows of `days` days from `from`. */
  load: (from: string, days: number) => Promise<ArrivalWindow[]>;
  /** How far ahead windows are offered, in days from today. */
  horizonDays: number;
  selected: ArrivalWindow | null;
  onSelect: (window: ArrivalWindow) => void;
  /** Tells the caller the windows could not be loaded at all (the address was not found). */
  onError?: (error: ApiError) => void;
};

export function WindowPicker({ load, horizonDays, selected, onSelect, onError }: Props) {
  const [windows, setWindows] = useState<ArrivalWindow[]>([]);
  const [next, setNext] = useState(() => todayIso());
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const last = addDays(todayIso(), horizonDays);

  const more = useCallback(
    async (from: string) => {
      setLoading(true);
      setError(null);
      try {
        const found = await load(from, DAYS_PER_PAGE);
        setWindows((before) => [...before, ...found]);
        setNext(addDays(from, DAYS_PER_PAGE));
      } catch (caught) {
        const failure = caught instanceof ApiError ? caught : new ApiError(0, "unknown", String(caught));
        setError(failure.message);
        onError?.(failure);
      } finally {
        setLoading(false);
      }
    },
    [load, onError],
  );

  useEffect(() => {
    void more(todayIso());
  }, [more]);

  // groupByDay keeps a window once, should a page be asked for twice.
  const days = groupByDay(windows);
  const count = days.reduce((sum, day) => sum + day.windows.length, 0);
  const canLoadMore = next <= last;
  return (
    <div className="windows" aria-busy={loading}>
      <p className="status" role="status">
        {loading
          ? "Looking for free windows…"
          : days.length === 0
            ? "No free windows in these days."
            : `${count} free ${count === 1 ? "window" : "windows"} on ${days.length} ${days.length === 1 ? "day" : "days"}.`}
      </p>
      {error && <Alert>{error}</Alert>}
      {days.map((day) => (
        <fieldset key={day.date} className="choices">
          <legend>{formatDay(day.date)}</legend>
          {day.windows.map((window) => (
            <label key={windowKey(window)} className="choice">
              <input
                type="radio"
                name="window"
                value={windowKey(window)}
                checked={selected !== null && windowKey(selected) === windowKey(window)}
                onChange={() => onSelect(window)}
              />
              <span>{formatWindow(window)}</span>
            </label>
          ))}
        </fieldset>
      ))}
      {canLoadMore && !error && (
        // aria-disabled, not disabled: the button keeps the focus while the next days load.
        <button
          type="button"
          className="secondary"
          aria-disabled={loading}
          onClick={() => {
            if (!loading) void more(next);
          }}
        >
          More days
        </button>
      )}
    </div>
  );
}
