import { useEffect, useState } from "react";
import { boxOf, type HourRange } from "./timelineModel";

const MINUTE_MS = 60_000;

const minuteOfDay = () => {
  const now = new Date();
  return now.getHours() * 60 + now.getMinutes();
};

/**
 * The line for "now" across today's timeline, moved every minute. The board's days are the
 * browser's (as its "today"), so the line is the browser's clock too. Its own state: the
 * rows are not redrawn as it moves.
 */
export function NowLine({ range }: { range: HourRange }) {
  const [minute, setMinute] = useState(minuteOfDay);
  useEffect(() => {
    const timer = setInterval(() => setMinute(minuteOfDay()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  if (minute < range.start || minute > range.end) return null;
  const { left } = boxOf(minute, 0, range);
  return (
    <div
      className="timeline__now"
      style={{ left: `calc(var(--name-column) + (100% - var(--name-column)) * ${left / 100})` }}
      data-testid="timeline-now"
      aria-hidden
    />
  );
}
