/**
 * The visit page's Reschedule (another offered window, then confirm) and Cancel (a
 * confirm step), until the company's cutoff. Each answer is followed by a fresh read of
 * the visit, so the page shows what the server now holds.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiError, type ArrivalWindow, cancelVisit, getVisitWindows, rescheduleVisit } from "./api";
import { formatDay, formatWindow } from "./format";
import { Alert, Step } from "./Step";
import { WindowPicker } from "./WindowPicker";

const HORIZON_DAYS = 28;

type Mode = "idle" | "reschedule" | "cancel";

type Props = { token: string; onChanged: (message: string) => Promise<void> };

export function VisitChanges({ token, onChanged }: Props) {
  const [mode, setMode] = useState<Mode>("idle");
  const [picked, setPicked] = useState<ArrivalWindow | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback((from: string, days: number) => getVisitWindows(token, from, days), [token]);
  // Back from a step the customer closed ("Keep my visit"), the keyboard starts where it was.
  const [returning, setReturning] = useState(false);
  const reschedule = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (returning && mode === "idle") reschedule.current?.focus();
  }, [returning, mode]);
  const close = () => {
    setMode("idle");
    setReturning(true);
  };

  const open = (next: Mode) => {
    setMode(next);
    setReturning(false);
    setPicked(null);
    setError(null);
    setAttempt((n) => n + 1);
  };
  const run = async (change: () => Promise<unknown>, done: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await change();
      setMode("idle");
      await onChanged(done);
    } catch (caught) {
      const failure = caught as ApiError;
      if (failure.code === "window_taken") {
        setPicked(null);
        setAttempt((n) => n + 1);
        setError("That window was just taken: pick another");
      } else setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  if (mode === "reschedule")
    return (
      <Step key={attempt} title="Pick a new window" focus>
        {error && <Alert>{error}</Alert>}
        <WindowPicker load={load} horizonDays={HORIZON_DAYS} selected={picked} onSelect={setPicked} />
        <div className="actions">
          <button
            type="button"
            aria-disabled={busy || !picked}
            onClick={() => {
              if (picked) void run(() => rescheduleVisit(token, picked), "Your visit has moved.");
              else setError("Pick a window");
            }}
          >
            {picked ? `Move my visit to ${formatDay(picked.date)}, ${formatWindow(picked)}` : "Move my visit"}
          </button>
          <button type="button" className="secondary" onClick={close}>
            Keep my visit as it is
          </button>
        </div>
      </Step>
    );

  if (mode === "cancel")
    return (
      <Step title="Cancel this visit?" focus>
        <p>The company will be told at once. To come back, book again.</p>
        {error && <Alert>{error}</Alert>}
        <div className="actions">
          <button
            type="button"
            className="danger"
            aria-disabled={busy}
            onClick={() => void run(() => cancelVisit(token), "Your visit is cancelled.")}
          >
            Yes, cancel the visit
          </button>
          <button type="button" className="secondary" onClick={close}>
            No, keep it
          </button>
        </div>
      </Step>
    );

  return (
    <div className="actions">
      <button type="button" ref={reschedule} onClick={() => open("reschedule")}>
        Reschedule
      </button>
      <button type="button" className="secondary" onClick={() => open("cancel")}>
        Cancel visit
      </button>
    </div>
  );
}
