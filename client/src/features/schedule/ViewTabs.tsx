import type { KeyboardEvent } from "react";
import { SCHEDULE_VIEWS, type ScheduleView } from "./useScheduleParams";

const LABELS: Record<ScheduleView, string> = {
  week: "Week View",
  employee: "By Employee",
  day: "Daily View",
  // The day's stops on a map (docs/schedule.md, "Map"); its code loads with the tab.
  map: "Map",
};

export const BOARD_PANEL_ID = "schedule-board";
export const tabId = (view: ScheduleView) => `schedule-tab-${view}`;

/**
 * Week View, By Employee, Daily View, Map: a WAI-ARIA tab list (arrow keys move between tabs).
 * A few lines of our own rather than antd Tabs, which would add ~20 kB to the board's first load.
 */
export function ViewTabs(props: {
  view: ScheduleView;
  onChange: (view: ScheduleView) => void;
  /** A view is about to be chosen (its tab hovered, focused or pressed): its code may start loading. */
  onTarget?: (view: ScheduleView) => void;
}) {
  const { view, onChange, onTarget } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = SCHEDULE_VIEWS.indexOf(view);
    const next = SCHEDULE_VIEWS[(index + step + SCHEDULE_VIEWS.length) % SCHEDULE_VIEWS.length];
    onChange(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div className="view-tabs" role="tablist" aria-label="Schedule views" onKeyDown={onKeyDown}>
      {SCHEDULE_VIEWS.map((candidate) => {
        const isActive = candidate === view;
        return (
          <button
            key={candidate}
            id={tabId(candidate)}
            type="button"
            role="tab"
            aria-selected={isActive}
            aria-controls={BOARD_PANEL_ID}
            tabIndex={isActive ? 0 : -1}
            className={isActive ? "view-tabs__tab is-active" : "view-tabs__tab"}
            onClick={() => onChange(candidate)}
            onPointerEnter={() => onTarget?.(candidate)}
            onPointerDown={() => onTarget?.(candidate)}
            onFocus={() => onTarget?.(candidate)}
          >
            {LABELS[candidate]}
          </button>
        );
      })}
    </div>
  );
}
