import { Alert, Button, Switch } from "antd";
import { useId } from "react";
import { conflictCount } from "../../entities/job/conflictMarks";
import "./conflicts.css";

type ConflictFilterProps = {
  /** The week's conflicts: the sum of the numbers on its cards. */
  count: number;
  isActive: boolean;
  onToggle: () => void;
};

/**
 * "Show only conflicts": a visible switch with the week's count, the sum of the cards'
 * own counts (docs/schedule.md). Hidden when the week has none and the filter is off.
 */
export function ConflictFilter({ count, isActive, onToggle }: ConflictFilterProps) {
  const switchId = useId();
  if (count === 0 && !isActive) return null;
  return (
    <span className={isActive ? "conflict-filter is-on" : "conflict-filter"}>
      <Switch
        id={switchId}
        size="small"
        checked={isActive}
        onChange={onToggle}
        data-testid="conflict-filter"
      />
      <label htmlFor={switchId} className="conflict-filter__label">
        Show only conflicts{" "}
        <span className="conflict-filter__count" data-testid="conflict-count">
          {`(${conflictCount(count)} this week)`}
        </span>
      </label>
    </span>
  );
}

/** Above every view while the filter is on, so no view looks like a week with fewer jobs. */
export function ConflictFilterNotice({ onShowAll }: { onShowAll: () => void }) {
  return (
    <Alert
      className="conflict-filter-notice"
      data-testid="conflict-filter-on"
      type="warning"
      showIcon
      title="Filter on: only jobs with conflicts are shown."
      action={
        <Button size="small" onClick={onShowAll}>
          Show all jobs
        </Button>
      }
    />
  );
}
