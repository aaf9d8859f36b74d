/**
 * The company's terms for online bookings (docs/booking-office.md): how soon and how far
 * ahead, how many a day, approve first or book straight in, until when a customer may
 * change the visit, when the reminder goes, and where to leave a review.
 */
import { Form, Input, InputNumber, Radio, Select } from "antd";
import { formatHour } from "../../../lib/dates";

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: hour,
  label: formatHour(`${String(hour).padStart(2, "0")}:00`),
}));

export function BookingRulesFields() {
  return (
    <fieldset className="settings__group" aria-label="Booking terms">
      <legend className="settings__legend">Booking terms</legend>
      <Form.Item label="A booking is" name="approveFirst">
        <Radio.Group
          aria-label="A booking is"
          options={[
            { value: true, label: "A request the office approves (the board's Requests)" },
            { value: false, label: "Booked straight onto the best-fitting technician's day" },
          ]}
          className="booking-settings__choices"
        />
      </Form.Item>
      <div className="settings__pair">
        <Form.Item
          label="Lead time (hours)"
          name="leadHours"
          extra="The soonest a window can start, from now."
        >
          <InputNumber min={0} max={336} precision={0} aria-label="Lead time (hours)" />
        </Form.Item>
        <Form.Item label="Days ahead" name="horizonDays" extra="How far ahead customers can book.">
          <InputNumber min={1} max={90} precision={0} aria-label="Days ahead" />
        </Form.Item>
        <Form.Item
          label="Bookings a day at most"
          name="dailyCap"
          extra="Online bookings a day, over all technicians."
        >
          <InputNumber min={1} max={500} precision={0} aria-label="Bookings a day at most" />
        </Form.Item>
        <Form.Item
          label="Changes until (hours before)"
          name="cutoffHours"
          extra="The customer may reschedule or cancel until then."
        >
          <InputNumber min={0} max={168} precision={0} aria-label="Changes until (hours before)" />
        </Form.Item>
      </div>
      <Form.Item
        label="Reminder hour"
        name="reminderHour"
        extra="The day before a visit, in the company's time zone (the booking e-mails' reminder time too)."
      >
        <Select options={HOURS} aria-label="Reminder hour" />
      </Form.Item>
      <Form.Item label="Review link" name="reviewUrl" extra="Sent with the Done message when set.">
        <Input type="url" autoComplete="off" placeholder="https://" aria-label="Review link" />
      </Form.Item>
    </fieldset>
  );
}
