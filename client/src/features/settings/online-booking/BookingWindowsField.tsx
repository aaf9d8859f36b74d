/**
 * The arrival windows offered each day (docs/booking-office.md), such as 8–10 and 10–12:
 * rows of a start and an end, added and removed. A window is offered on a day only where a
 * technician who fits can still make it.
 */
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { BookingWindow } from "@sched/shared-types";
import { Button, Form, Input } from "antd";

/** Where the next window starts: where the last one ends, two hours long. */
function nextWindow(windows: BookingWindow[]): BookingWindow {
  const last = windows[windows.length - 1];
  const startHour = last && /^\d{2}:\d{2}$/.test(last.end) ? Number(last.end.slice(0, 2)) : 8;
  const start = Math.min(startHour, 21);
  const pad = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
  return { start: pad(start), end: pad(start + 2) };
}

export function BookingWindowsField() {
  const form = Form.useFormInstance();
  return (
    <fieldset className="settings__group" aria-label="Arrival windows">
      <legend className="settings__legend">Arrival windows</legend>
      <p className="settings__hint">The technician arrives within the window the customer picks.</p>
      <Form.List name="windows">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.length === 0 ? (
              <p className="settings__hint" data-testid="booking-no-windows">
                No windows yet: customers see no times to book.
              </p>
            ) : null}
            <ul className="booking-settings__rows">
              {fields.map((field, index) => (
                <li key={field.key} className="booking-settings__window" data-testid="booking-window">
                  <Form.Item label="From" name={[field.name, "start"]}>
                    <Input type="time" step={900} aria-label={`Window ${index + 1} from`} />
                  </Form.Item>
                  <Form.Item label="To" name={[field.name, "end"]}>
                    <Input type="time" step={900} aria-label={`Window ${index + 1} to`} />
                  </Form.Item>
                  <Button
                    className="booking-settings__remove"
                    type="text"
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`Remove window ${index + 1}`}
                    onClick={() => remove(field.name)}
                  />
                </li>
              ))}
            </ul>
            <Form.ErrorList errors={errors} />
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add(nextWindow((form.getFieldValue("windows") as BookingWindow[]) ?? []))}
              data-testid="booking-add-window"
            >
              Add a window
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
