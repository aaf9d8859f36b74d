/**
 * What may move when a day is optimized (docs/schedule.md, "Optimize a day"): the window
 * promised to the customer ("Arrive 9–11 AM") and "Any time that day". A job with neither
 * keeps its time. The office's fields: a technician sees them, read only.
 */
import { ARRIVAL_WINDOW_MESSAGES } from "@sched/shared-types";
import type { FormRule } from "antd";
import { Checkbox, Form, Input } from "antd";

type Window = { start: string; end: string } | null;

/** The window as two times; both empty is none. */
function WindowInput(props: {
  value?: Window;
  onChange?: (value: Window | { start: string; end: string }) => void;
  disabled?: boolean;
}) {
  const { value, onChange, disabled } = props;
  const start = value?.start ?? "";
  const end = value?.end ?? "";
  const change = (next: { start: string; end: string }) =>
    onChange?.(next.start === "" && next.end === "" ? null : next);
  return (
    <span className="job-form__window">
      <Input
        type="time"
        step={300}
        aria-label="Arrival window from"
        data-testid="arrival-start"
        disabled={disabled}
        value={start}
        onChange={(event) => change({ start: event.target.value, end })}
      />
      <span aria-hidden>–</span>
      <Input
        type="time"
        step={300}
        aria-label="Arrival window to"
        data-testid="arrival-end"
        disabled={disabled}
        value={end}
        onChange={(event) => change({ start, end: event.target.value })}
      />
    </span>
  );
}

/** Both times or neither, the start before the end: the server's words. */
const windowRule: FormRule = {
  validator: async (_rule, value: Window) => {
    if (!value) return;
    if (!value.start || !value.end) throw new Error(ARRIVAL_WINDOW_MESSAGES.shape);
    if (value.start >= value.end) throw new Error(ARRIVAL_WINDOW_MESSAGES.order);
  },
};

export function ArrivalFields({ disabled }: { disabled: boolean }) {
  return (
    // Side by side on a laptop, one under the other on a phone (two times need the width).
    <div className="job-form__pair job-form__pair--stack">
      <Form.Item
        name="arrivalWindow"
        label="Arrival window (optional)"
        tooltip="The window promised to the customer: Optimize keeps the visit inside it"
        rules={[windowRule]}
      >
        <WindowInput disabled={disabled} />
      </Form.Item>
      <Form.Item
        name="flexible"
        label="When"
        valuePropName="checked"
        tooltip="Optimize may move it anywhere in the working hours, or to someone else with the skills"
      >
        <Checkbox disabled={disabled} data-testid="job-flexible">
          Any time that day
        </Checkbox>
      </Form.Item>
    </div>
  );
}
