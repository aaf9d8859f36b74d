import { Switch } from "antd";
import { useId } from "react";

type AllDaysToggleProps = {
  /** Days the company does not work, hidden from the Week View this week. */
  hiddenCount: number;
  isOn: boolean;
  onToggle: () => void;
};

/**
 * "Show all days" (docs/schedule.md): the Week View shows the company's
 * working days; this switch shows the others too, to drop a job on one (with the warning).
 * Hidden when no day is hidden and the switch is off.
 */
export function AllDaysToggle({ hiddenCount, isOn, onToggle }: AllDaysToggleProps) {
  const switchId = useId();
  if (hiddenCount === 0 && !isOn) return null;
  return (
    <span className="all-days-toggle">
      <Switch id={switchId} size="small" checked={isOn} onChange={onToggle} data-testid="all-days-toggle" />
      <label htmlFor={switchId}>Show all days</label>
    </span>
  );
}
