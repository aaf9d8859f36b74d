/**
 * Approve a booking request (docs/booking-office.md): the technician, day and time, prefilled
 * with the suggestion (who fitted best when the customer booked), checked live by the same
 * engine as the job dialog (JobWarnings): a warning informs, approving stays possible.
 */
import type { BookingRequestDTO, EmployeeDTO } from "@sched/shared-types";
import { Button, Form, Input, Select } from "antd";
import { JobWarnings } from "../JobWarnings";

export type ApproveValues = { employeeId: string; date: string; time: string };

type Props = {
  request: BookingRequestDTO;
  employees: readonly EmployeeDTO[];
  isSaving: boolean;
  onApprove: (values: ApproveValues) => void;
  onCancel: () => void;
};

export function ApproveRequestForm({ request, employees, isSaving, onApprove, onCancel }: Props) {
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      // The fields' ids start with it: unique beside the job dialog's own.
      name={`approve-${request.id}`}
      layout="vertical"
      requiredMark={false}
      className="booking-request__form"
      aria-label={`Approve ${request.name}'s booking`}
      data-testid="booking-approve-form"
      // What JobWarnings reads besides the slot: the visit's length and place words.
      initialValues={{
        employeeId: request.suggestion?.employeeId,
        date: request.date,
        time: request.suggestion?.time ?? request.window.start,
        durationMinutes: request.durationMinutes,
        location: request.address,
        status: "scheduled",
        requiredSkills: [],
      }}
      onFinish={(values: ApproveValues) =>
        onApprove({ employeeId: values.employeeId, date: values.date, time: values.time })
      }
    >
      <Form.Item
        label="Technician"
        name="employeeId"
        rules={[{ required: true, message: "Employee is required" }]}
      >
        <Select
          // Opened from its Approve button: the keyboard goes on from the first field.
          autoFocus
          placeholder="Select an employee"
          options={employees.map((employee) => ({ value: employee.id, label: employee.name }))}
          showSearch={{ optionFilterProp: "label" }}
        />
      </Form.Item>
      <div className="booking-request__pair">
        <Form.Item label="Date" name="date" rules={[{ required: true, message: "Date is required" }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item label="Time" name="time" rules={[{ required: true, message: "Time is required" }]}>
          <Input type="time" step={300} />
        </Form.Item>
      </div>
      <JobWarnings />
      <div className="booking-request__actions">
        <Button type="primary" htmlType="submit" loading={isSaving} data-testid="booking-approve-submit">
          Approve and book
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </Form>
  );
}
