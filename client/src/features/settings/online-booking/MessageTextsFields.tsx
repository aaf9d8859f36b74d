/**
 * The texts customers get (docs/booking-office.md): confirmation, reminder, on the
 * way, done and a declined request, each with a live preview drawn by the same function that sends them
 * (renderCustomerMessage) with sample values. An empty box sends the default text.
 */
import {
  arrivalWindowText,
  type BookingWindow,
  CUSTOMER_MESSAGE_KINDS,
  CUSTOMER_MESSAGE_PLACEHOLDERS,
  CUSTOMER_MESSAGE_SAMPLE_VALUES,
  type CustomerMessageKind,
  type CustomerMessageValues,
  customerMessageProblem,
  renderCustomerMessage,
} from "@sched/shared-types";
import { Form, type FormRule, Input } from "antd";
import { useDeferredValue } from "react";
import { currentTimeFormat, formatTime } from "../../../lib/dates";

const MESSAGE_LABELS: Record<CustomerMessageKind, { label: string; when: string }> = {
  confirmation: { label: "Confirmation", when: "When a visit is booked, or its request approved." },
  reminder: { label: "Reminder", when: "The day before, at the reminder hour." },
  onTheWay: { label: "On the way", when: "When the technician taps On my way, with the arrival time." },
  done: { label: "Done", when: "When the job is completed, with the review link when set." },
  declined: {
    label: "Request declined",
    when: "When the office declines an online request, with its message and the booking page.",
  },
};

/** Each placeholder standing for itself: the default text as the empty box shows it. */
const AS_WRITTEN = Object.fromEntries(
  CUSTOMER_MESSAGE_PLACEHOLDERS.map((name) => [name, `{${name}}`]),
) as CustomerMessageValues;

const isTime = (time: string | undefined) => Boolean(time && /^\d{2}:\d{2}$/.test(time));

/** The sample visit, in this company's name, first window and review link (none: its line drops). */
function sampleValues(
  companyName: string,
  first: BookingWindow | undefined,
  reviewUrl: string | null,
): CustomerMessageValues {
  const shown = first && isTime(first.start) && isTime(first.end) ? first : { start: "08:00", end: "10:00" };
  return {
    ...CUSTOMER_MESSAGE_SAMPLE_VALUES,
    companyName: companyName || CUSTOMER_MESSAGE_SAMPLE_VALUES.companyName,
    window: arrivalWindowText(shown, currentTimeFormat()),
    arrivalTime: formatTime(shown.start.replace(/:\d{2}$/, ":40")),
    reviewUrl: reviewUrl?.trim() || null,
  };
}

/** An unknown placeholder is refused as the server refuses it, in its words. */
const placeholdersRule: FormRule = {
  validator: async (_rule, value: string | null | undefined) => {
    const problem = value ? customerMessageProblem(value) : undefined;
    if (problem) throw new Error(problem);
  },
};

function MessageField({ kind, values }: { kind: CustomerMessageKind; values: CustomerMessageValues }) {
  const form = Form.useFormInstance();
  const text = Form.useWatch<string | null | undefined>(["messages", kind], form);
  const deferred = useDeferredValue(text);
  const { label, when } = MESSAGE_LABELS[kind];
  const previewId = `booking-message-${kind}-preview`;
  return (
    <div className="booking-settings__message" data-testid={`booking-message-${kind}`}>
      <Form.Item label={label} name={["messages", kind]} extra={when} rules={[placeholdersRule]}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={renderCustomerMessage(kind, null, AS_WRITTEN)}
          aria-label={`${label} message`}
          aria-describedby={previewId}
        />
      </Form.Item>
      <div className="booking-settings__preview">
        <span className="booking-settings__preview-label">Preview</span>
        <p id={previewId} aria-live="polite" data-testid={`booking-message-${kind}-preview`}>
          {renderCustomerMessage(kind, deferred?.trim() ? deferred : null, values)}
        </p>
      </div>
    </div>
  );
}

export function MessageTextsFields({ companyName }: { companyName: string }) {
  const form = Form.useFormInstance();
  const windows = Form.useWatch<BookingWindow[] | undefined>("windows", form);
  const reviewUrl = Form.useWatch<string | null | undefined>("reviewUrl", form) ?? null;
  const values = sampleValues(companyName, windows?.[0], reviewUrl);
  return (
    <fieldset className="settings__group" aria-label="Messages to customers">
      <legend className="settings__legend">Messages to customers</legend>
      <p className="settings__hint">
        By text and e-mail. Leave a box empty for the default text. Placeholders:{" "}
        {CUSTOMER_MESSAGE_PLACEHOLDERS.map((name) => (
          <code key={name} className="booking-settings__placeholder">{`{${name}}`}</code>
        ))}
      </p>
      {CUSTOMER_MESSAGE_KINDS.map((kind) => (
        <MessageField key={kind} kind={kind} values={values} />
      ))}
    </fieldset>
  );
}
