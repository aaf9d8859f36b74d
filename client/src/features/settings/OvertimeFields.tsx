/**
 * Overtime for the timesheets (docs/timesheets.md): after how many hours a week, and
 * optionally a day, time worked counts as overtime; and after how many a day is flagged
 * long for the office to check. Shown in hours, kept in minutes.
 */
import { Form, InputNumber } from "antd";

const toHours = (minutes: number | null | undefined) => ({ value: minutes == null ? null : minutes / 60 });
const toMinutes = (hours: number | null | undefined) => (hours == null ? null : Math.round(hours * 60));

export function OvertimeFields() {
  return (
    <fieldset className="settings__group" aria-label="Overtime">
      <legend className="settings__legend">Overtime</legend>
      <Form.Item
        label="Weekly overtime after (hours)"
        name="overtimeWeeklyMinutes"
        getValueProps={toHours}
        normalize={toMinutes}
        extra="Hours worked in a week beyond this are overtime on the timesheets."
      >
        <InputNumber
          min={1}
          max={168}
          step={0.5}
          aria-label="Weekly overtime after (hours)"
          data-testid="overtime-weekly"
        />
      </Form.Item>
      <Form.Item
        label="Daily overtime after (hours)"
        name="overtimeDailyMinutes"
        getValueProps={toHours}
        normalize={toMinutes}
        extra="Optional: leave empty for weekly overtime only."
      >
        <InputNumber
          min={1}
          max={24}
          step={0.5}
          aria-label="Daily overtime after (hours)"
          data-testid="overtime-daily"
        />
      </Form.Item>
      <Form.Item
        label="Flag a long day after (hours)"
        name="longDayMinutes"
        getValueProps={toHours}
        normalize={toMinutes}
        extra="A day worked longer than this is flagged Long day on the timesheets."
      >
        <InputNumber
          min={1}
          max={24}
          step={0.5}
          aria-label="Flag a long day after (hours)"
          data-testid="long-day"
        />
      </Form.Item>
    </fieldset>
  );
}
