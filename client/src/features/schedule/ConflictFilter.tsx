import { WarningFilled } from "@ant-design/icons";
import { Button } from "antd";
import { conflictCount } from "./conflictMarks";
import "./conflicts.css";

type ConflictFilterProps = {
  /** Jobs of the week with at least one warning. */
  count: number;
  isActive: boolean;
  onToggle: () => void;
};

/**
 * "N conflicts this week": pressed, the board shows only the jobs with warnings
 * (docs/schedule.md). Hidden when the week has none and the filter is off.
 */
export function ConflictFilter({ count, isActive, onToggle }: ConflictFilterProps) {
  if (count === 0 && !isActive) return null;
  return (
    <Button
      className="conflict-filter"
      data-testid="conflict-filter"
      icon={<WarningFilled aria-hidden />}
      type={isActive ? "primary" : "default"}
      danger={!isActive}
      aria-pressed={isActive}
      onClick={onToggle}
    >
      {`${conflictCount(count)} this week`}
    </Button>
  );
}
