import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import {
  AVAILABILITY_END_AFTER_START,
  AVAILABILITY_MAX_WINDOWS,
  type AvailabilityWindow,
  ZTime,
} from "@sched/shared-types";
import { Button, Form, Input, Select } from "antd";
import { zodRule } from "../../lib/forms";
import { DAY_NAMES } from "../time-off/availabilityText";

const DAY_OPTIONS = DAY_NAMES.map((label, value) => ({ value, label }));
/** A new window: the next weekday without one, office hours. */
const NEW_WINDOW: AvailabilityWindow = { day: 1, start: "08:00", end: "17:00" };

/**
 * The employee's weekly pattern on their form (docs/time-off.md): a day and
 * its hours per line; no lines means the company's working days and hours.
 */
export function AvailabilityField() {
  return (
    <Form.Item
      label="Availability"
      extra="The days and hours this person works. Leave empty for the company's working days and hours."
    >
      <Form.List name="availability">
        {(fields, { add, remove }) => (
          <div className="availability-field" data-testid="availability-field">
            {fields.map((field) => (
              <div key={field.key} className="availability-field__row" data-testid="availability-row">
                <Form.Item name={[field.name, "day"]} noStyle>
                  <Select aria-label="Day" options={DAY_OPTIONS} className="availability-field__day" />
                </Form.Item>
                <Form.Item
                  name={[field.name, "start"]}
                  rules={[zodRule(ZTime)]}
                  className="availability-field__time"
                >
                  <Input type="time" aria-label="From" />
                </Form.Item>
                <Form.Item
                  name={[field.name, "end"]}
                  dependencies={[["availability", field.name, "start"]]}
                  className="availability-field__time"
                  rules={[
                    zodRule(ZTime),
                    ({ getFieldValue }) => ({
                      validator: async (_rule, end: string) => {
                        const start = getFieldValue(["availability", field.name, "start"]) as string;
                        if (start && end && end <= start) throw new Error(AVAILABILITY_END_AFTER_START);
                      },
                    }),
                  ]}
                >
                  <Input type="time" aria-label="To" />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label="Remove these hours"
                  onClick={() => remove(field.name)}
                />
              </div>
            ))}
            {fields.length < AVAILABILITY_MAX_WINDOWS ? (
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ ...NEW_WINDOW })}>
                Add working hours
              </Button>
            ) : null}
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
