import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { AVAILABILITY_MAX_WINDOWS, ZTime } from "@sched/shared-types";
import { Button, Checkbox, Form, Input } from "antd";
import { zodRule } from "../../lib/forms";
import {
  type AvailabilityRow,
  DAY_CHOICES,
  newRow,
  patternProblem,
  rowProblems,
  toWindows,
} from "./availabilityRows";

/**
 * The employee's weekly pattern on their form (docs/time-off.md): hours and the days
 * they hold on per row (Mon–Fri 8–5 is one row); no rows means the company's working days
 * and hours. A row at fault is marked with its problem while typing, before any save.
 */
export function AvailabilityField() {
  const rows = (Form.useWatch("availability") as AvailabilityRow[] | undefined) ?? [];
  const problems = rowProblems(rows);
  const tooMany = patternProblem(rows);
  return (
    <Form.Item
      label="Availability"
      extra="The days and hours this person works. Leave empty for the company's working days and hours."
    >
      <Form.List name="availability">
        {(fields, { add, remove }) => (
          <div className="availability-field" data-testid="availability-field">
            {fields.map((field, index) => {
              const problem = problems[index] ?? null;
              const status = problem ? "error" : undefined;
              return (
                <div
                  key={field.key}
                  className={`availability-field__row${problem ? " availability-field__row--fault" : ""}`}
                  data-testid="availability-row"
                  aria-invalid={problem ? true : undefined}
                >
                  <Form.Item name={[field.name, "days"]} noStyle>
                    <Checkbox.Group
                      options={DAY_CHOICES}
                      className="availability-field__days"
                      aria-label="Days"
                    />
                  </Form.Item>
                  <div className="availability-field__hours">
                    <Form.Item
                      name={[field.name, "start"]}
                      rules={[zodRule(ZTime)]}
                      validateStatus={status}
                      className="availability-field__time"
                    >
                      <Input type="time" aria-label="From" />
                    </Form.Item>
                    <span aria-hidden>–</span>
                    <Form.Item
                      name={[field.name, "end"]}
                      rules={[zodRule(ZTime)]}
                      validateStatus={status}
                      className="availability-field__time"
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
                  {problem ? (
                    <div className="availability-field__problem" role="alert">
                      {problem}
                    </div>
                  ) : null}
                </div>
              );
            })}
            {tooMany ? (
              <div className="availability-field__problem" role="alert">
                {tooMany}
              </div>
            ) : null}
            {toWindows(rows).length < AVAILABILITY_MAX_WINDOWS ? (
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => add(newRow(rows))}>
                Add working hours
              </Button>
            ) : null}
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
