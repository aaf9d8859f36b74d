/**
 * Booking e-mails to customers (docs/customers.md): the owner turns them
 * on and picks when the day-before reminder goes out, in the company's time zone, and how
 * long a moved visit must stay put before its customer hears of it. Fields of
 * the settings form, so they are saved with the rest.
 */
import { Form, Input, InputNumber, Switch } from "antd";

export function CustomerNoticeFields() {
  const form = Form.useFormInstance();
  const isOn = Form.useWatch<boolean | undefined>("customerNotices", form);
  return (
    <fieldset className="settings__group" aria-label="Booking e-mails to customers">
      <legend className="settings__legend">Booking e-mails to customers</legend>
      <Form.Item
        label="E-mail customers about their visits"
        name="customerNotices"
        valuePropName="checked"
        extra="A confirmation with a calendar file when a visit is booked or moved, a reminder the day before, and a note when the technician is on the way. Each e-mail has an unsubscribe link."
      >
        <Switch data-testid="customer-notices-switch" aria-label="E-mail customers about their visits" />
      </Form.Item>
      <Form.Item
        label="Reminder time"
        name="reminderTime"
        extra="The day before a visit, at this time in the company's time zone."
        hidden={!isOn}
      >
        <Input type="time" step={300} aria-label="Reminder time" data-testid="reminder-time" />
      </Form.Item>
      <Form.Item
        label="Wait before a change e-mail (minutes)"
        name="noticeSettleMinutes"
        extra="A moved or unscheduled visit is e-mailed once it has stayed put this long, with its final time: several quick moves send one e-mail."
        hidden={!isOn}
      >
        <InputNumber min={0} max={120} precision={0} aria-label="Wait before a change e-mail (minutes)" />
      </Form.Item>
    </fieldset>
  );
}
