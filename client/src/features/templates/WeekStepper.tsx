import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { EXPORT_DAYS } from "@sched/shared-types";
import { Button } from "antd";
import { shiftWeek, toISODate, weekRangeLabel, weekStart } from "../../lib/dates";

type WeekStepperProps = {
  /** The Monday, yyyy-MM-dd. */
  value: string;
  onChange: (weekStart: string) => void;
};

/** Picks a whole week (Monday to Sunday) one step at a time, as the schedule does. */
export function WeekStepper({ value, onChange }: WeekStepperProps) {
  const offset = Math.round(weekStart(value).diff(weekStart(), "week", true));
  const hint = offset === 0 ? "This week" : offset === 1 ? "Next week" : offset === -1 ? "Last week" : null;
  return (
    <div className="week-stepper">
      <Button
        icon={<LeftOutlined />}
        aria-label="Previous week"
        onClick={() => onChange(toISODate(shiftWeek(value, -1)))}
      />
      <div className="week-stepper__label" data-testid="week-stepper-label">
        <span>{weekRangeLabel(value, EXPORT_DAYS)}</span>
        {hint ? <span className="week-stepper__hint">{hint}</span> : null}
      </div>
      <Button
        icon={<RightOutlined />}
        aria-label="Next week"
        onClick={() => onChange(toISODate(shiftWeek(value, 1)))}
      />
    </div>
  );
}

/** This week's Monday as the API writes it. */
export const thisWeekStart = () => toISODate(weekStart());
