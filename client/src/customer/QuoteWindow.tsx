/**
 * "Choose a time" on an approved quote's page (docs/quotes.md): where the company books
 * online, the windows its booking page would offer for the quote's job (WindowPicker, as the
 * booking and visit pages show them); a pick books the job into it. Once the job has a day
 * the page says when. Without online booking it shows nothing: the company schedules the
 * work from its Unscheduled tray, as the page already says.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, type ArrivalWindow } from "./api";
import { formatDay, formatWindow, todayIso } from "./format";
import { chooseQuoteWindow, getQuoteWindows, type QuoteWindows } from "./quote-window-api";
import { Alert, Step } from "./Step";
import { WindowPicker } from "./WindowPicker";

type Props = { token: string; companyName: string };

export function QuoteWindow({ token, companyName }: Props) {
  const [state, setState] = useState<QuoteWindows | null>(null);
  const [picked, setPicked] = useState<ArrivalWindow | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [booked, setBooked] = useState(false);
  // The first week, read to learn whether a time may be chosen, is the picker's first page.
  const firstPage = useRef<{ from: string; windows: ArrivalWindow[] } | null>(null);

  const refresh = useCallback(async () => {
    const from = todayIso();
    try {
      const found = await getQuoteWindows(token, from, 7);
      firstPage.current = { from, windows: found.windows };
      setState(found);
    } catch {
      // Nothing to offer (an old link, the server away): the page's own words stand.
      setState(null);
    }
  }, [token]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const load = useCallback(
    async (from: string, days: number) => {
      const first = firstPage.current;
      if (first && first.from === from) {
        firstPage.current = null;
        return first.windows;
      }
      return (await getQuoteWindows(token, from, days)).windows;
    },
    [token],
  );

  if (state?.scheduled)
    return (
      <Step title="Your time" focus={booked}>
        <p>
          {booked ? "You're booked: " : "Booked for "}
          {formatDay(state.scheduled.date)}, {formatWindow(state.scheduled)}. {companyName} will remind you
          before the visit.
        </p>
      </Step>
    );
  if (!state?.offered) return null;

  const book = async () => {
    if (busy) return;
    if (!picked) return setError("Pick a window");
    setBusy(true);
    setError(null);
    try {
      setState(await chooseQuoteWindow(token, picked));
      setBooked(true);
    } catch (caught) {
      const failure = caught instanceof ApiError ? caught : new ApiError(0, "unknown", String(caught));
      setError(
        failure.code === "window_taken" ? "That window was just taken: pick another" : failure.message,
      );
      if (failure.code === "window_taken" || failure.code === "already_scheduled") {
        // Fresh windows (or the time the job now has).
        setPicked(null);
        await refresh();
        setAttempt((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Step title="Choose a time" focus={false}>
      <p className="hint">
        Pick an arrival window for the work, or leave it and {companyName} will be in touch.
      </p>
      {error && <Alert>{error}</Alert>}
      <WindowPicker
        key={attempt}
        load={load}
        horizonDays={state.horizonDays}
        selected={picked}
        onSelect={(chosen) => {
          setPicked(chosen);
          setError(null);
        }}
      />
      <button type="button" aria-disabled={busy} onClick={() => void book()}>
        {picked ? `Book ${formatDay(picked.date)}, ${formatWindow(picked)}` : "Book this time"}
      </button>
    </Step>
  );
}
