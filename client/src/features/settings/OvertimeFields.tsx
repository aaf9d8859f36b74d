/**
 * Overtime for the timesheets (docs/timesheets.md): after how many hours a week, and
 * optionally a day, time worked counts as overtime; and after how many a day is flagged
 * long for the office to check. Shown in hours, kept in minutes.
 */
import { Form, InputNumber } from "antd";

const toHours = (minutes: number | null | undefined) => ({ value: minutes == null ? null : minutes / 60 });
const toMinutes = (hours: number | null | undefined) => (hours == null ? null : Math.round(hours * 60));

type HoursField = { name: string; label: string; extra: string; max: number; testId: string };

const FIELDS: HoursField[] = [
  {
    name: "overtimeWeeklyMinutes",
    label: "Weekly overtime after (hours)",
    extra: "Hours worked in a week beyond this are overtime on the timesheets.",
    max: 168,
    testId: "overtime-weekly",
  },
  {
    name: "overtimeDailyMinutes",
    label: "Daily overtime after (hours)",
    extra: "Optional: leave empty for weekly overtime only.",
    max: 24,
    testId: "overtime-daily",
  },
  {
    name: "longDayMinutes",
    label: "Flag a long day after (hours)",
    extra: "A day worked longer than this is flagged Long day on the timesheets.",
    max: 24,
    testId: "long-day",
  },
];

export function OvertimeFields() {
  return (
    <fieldset className="settings__group" aria-label="Overtime">
      <legend className="settings__legend">Overtime</legend>
      {FIELDS.map((field) => (
        <Form.Item
          key={field.name}
          label={field.label}
          name={field.name}
          getValueProps={toHours}
          normalize={toMinutes}
          extra={field.extra}
        >
          <InputNumber
            min={1}
            max={field.max}
            step={0.5}
            aria-label={field.label}
            data-testid={field.testId}
          />
        </Form.Item>
      ))}
    </fieldset>
  );
}
