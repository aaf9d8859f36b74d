/**
 * How every time reads for the company (docs/settings.md): the screens, the bell and the
 * e-mails say "2:00 PM" or "14:00" alike. Null in the settings: the country's habit.
 */
import { countryTimeFormat, formatClock, type TimeFormat } from "@sched/shared-types";
import { Form, Select } from "antd";

/** The Select's value for null: antd's options want a value of their own. */
const FROM_COUNTRY = "country";

const example = (format: TimeFormat) => formatClock("14:00", format);

export function TimeFormatField() {
  const country = Form.useWatch<string | undefined>("country") ?? "US";
  const options = [
    { value: FROM_COUNTRY, label: `As in the country (${example(countryTimeFormat(country))})` },
    { value: "12h", label: `12-hour (${example("12h")})` },
    { value: "24h", label: `24-hour (${example("24h")})` },
  ];
  return (
    <Form.Item
      label="Time format"
      name="timeFormat"
      extra="Every screen, the bell and the customers' e-mails write times this way."
      getValueProps={(value: TimeFormat | null | undefined) => ({ value: value ?? FROM_COUNTRY })}
      normalize={(value: string) => (value === FROM_COUNTRY ? null : value)}
    >
      <Select options={options} aria-label="Time format" data-testid="time-format" />
    </Form.Item>
  );
}
