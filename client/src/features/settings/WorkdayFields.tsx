/**
 * Working days and hours and the default length of each job type (docs/settings.md): the
 * board flags a job outside them, never refuses it, and Add Job starts with the type's
 * length. Fields of the settings form, so they are saved with the rest.
 */
import { DEFAULT_JOB_DURATION_MINUTES, JOB_TYPES, WORKDAY_ORDER_INVALID } from "@sched/shared-types";
import { Checkbox, Form, type FormRule, Input, Select } from "antd";
import { DURATION_OPTIONS, formatDuration } from "../../entities/job/duration";

const WEEKDAYS = [
  { value: 1, label: "Mon" },
  { value: 2, label: "Tue" },
  { value: 3, label: "Wed" },
  { value: 4, label: "Thu" },
  { value: 5, label: "Fri" },
  { value: 6, label: "Sat" },
  { value: 7, label: "Sun" },
];

/** A rule of two fields, shown beside the end: the server's words (docs/settings.md). */
const endAfterStart: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, end: string | undefined) => {
    const start = getFieldValue("workdayStart") as string | undefined;
    if (start && end && start >= end) throw new Error(WORKDAY_ORDER_INVALID);
  },
});

export function WorkdayFields() {
  return (
    <>
      <fieldset className="settings__group" aria-label="Working days and hours">
        <legend className="settings__legend">Working days and hours</legend>
        <Form.Item
          label="Working days"
          name="workingDays"
          extra="Jobs on other days are flagged on the board, never refused."
        >
          <Checkbox.Group options={WEEKDAYS} data-testid="working-days" />
        </Form.Item>
        <div className="settings__pair">
          <Form.Item label="Workday starts" name="workdayStart">
            <Input type="time" step={300} aria-label="Workday starts" data-testid="workday-start" />
          </Form.Item>
          <Form.Item
            label="Workday ends"
            name="workdayEnd"
            dependencies={["workdayStart"]}
            rules={[endAfterStart]}
          >
            <Input type="time" step={300} aria-label="Workday ends" data-testid="workday-end" />
          </Form.Item>
        </div>
      </fieldset>
      <fieldset className="settings__group" aria-label="Default job lengths">
        <legend className="settings__legend">Default job lengths</legend>
        <p className="settings__hint">
          A new job of each type starts with this length; the job dialog can change it.
        </p>
        <div className="settings__pair">
          {JOB_TYPES.map((type) => (
            <Form.Item key={type} label={type} name={["jobTypeDurations", type]}>
              <Select
                allowClear
                options={DURATION_OPTIONS}
                placeholder={`${formatDuration(DEFAULT_JOB_DURATION_MINUTES)} (default)`}
                aria-label={`Default length of ${type}`}
                data-testid={`duration-${type}`}
              />
            </Form.Item>
          ))}
        </div>
      </fieldset>
    </>
  );
}
