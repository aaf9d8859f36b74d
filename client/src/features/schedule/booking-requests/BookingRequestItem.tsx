/**
 * One online booking waiting for the office (docs/booking-office.md): who, what, where, the day
 * and window the customer asked for, and the suggested technician and time; Approve opens
 * the small form prefilled with the suggestion, Decline asks for an optional message.
 */
import type { BookingRequestDTO, EmployeeDTO } from "@sched/shared-types";
import { Button, Form, Input } from "antd";
import { useState } from "react";
import { formatDay, formatTime } from "../../../lib/dates";
import { ApproveRequestForm, type ApproveValues } from "./ApproveRequestForm";

type Props = {
  request: BookingRequestDTO;
  employees: readonly EmployeeDTO[];
  isSaving: boolean;
  onApprove: (request: BookingRequestDTO, values: ApproveValues) => void;
  onDecline: (request: BookingRequestDTO, message: string | null) => void;
};

const windowWords = (request: BookingRequestDTO) =>
  `${formatDay(request.date)}, ${formatTime(request.window.start)}–${formatTime(request.window.end)}`;

export function BookingRequestItem({ request, employees, isSaving, onApprove, onDecline }: Props) {
  const [open, setOpen] = useState<"approve" | "decline" | null>(null);
  const suggested = request.suggestion
    ? employees.find((employee) => employee.id === request.suggestion?.employeeId)
    : undefined;
  const titleId = `booking-request-${request.id}`;
  return (
    <li
      className="booking-request"
      aria-labelledby={titleId}
      data-testid="booking-request"
      data-id={request.id}
    >
      <h3 id={titleId} className="booking-request__title">
        {request.service} for {request.name}
      </h3>
      <span className="booking-request__line" data-testid="booking-request-when">
        Asked for {windowWords(request)}
      </span>
      <span className="booking-request__line">{request.address}</span>
      <span className="booking-request__line">
        {[request.phone, request.email].filter(Boolean).join(" · ")}
      </span>
      {request.note ? <span className="booking-request__note">“{request.note}”</span> : null}
      <span className="booking-request__line" data-testid="booking-request-suggestion">
        {request.suggestion
          ? `Suggested: ${suggested?.name ?? "a technician no longer listed"} at ${formatTime(request.suggestion.time)}`
          : "No technician fitted the window when it was asked for: choose one."}
      </span>
      {open === null ? (
        <div className="booking-request__actions">
          <Button
            type="primary"
            onClick={() => setOpen("approve")}
            aria-label={`Approve ${request.name}'s ${request.service}`}
          >
            Approve
          </Button>
          <Button
            onClick={() => setOpen("decline")}
            aria-label={`Decline ${request.name}'s ${request.service}`}
          >
            Decline
          </Button>
        </div>
      ) : null}
      {open === "approve" ? (
        <ApproveRequestForm
          request={request}
          employees={employees}
          isSaving={isSaving}
          onApprove={(values) => onApprove(request, values)}
          onCancel={() => setOpen(null)}
        />
      ) : null}
      {open === "decline" ? (
        <Form
          layout="vertical"
          name={`decline-${request.id}`}
          className="booking-request__form"
          aria-label={`Decline ${request.name}'s booking`}
          onFinish={({ message }: { message?: string }) => onDecline(request, message?.trim() || null)}
        >
          <Form.Item
            label="Message to the customer (optional)"
            name="message"
            rules={[{ max: 1000, message: "Message must be 1000 characters or less" }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} autoFocus />
          </Form.Item>
          <div className="booking-request__actions">
            <Button
              danger
              type="primary"
              htmlType="submit"
              loading={isSaving}
              data-testid="booking-decline-submit"
            >
              Decline the booking
            </Button>
            <Button onClick={() => setOpen(null)}>Cancel</Button>
          </div>
        </Form>
      ) : null}
    </li>
  );
}
