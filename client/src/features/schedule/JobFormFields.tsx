import {
  type EmployeeDTO,
  JOB_STATUSES,
  JOB_TYPES,
  type JobStatus,
  type JobType,
  PAYMENT_STATUSES,
  type PaymentStatus,
  ZJobFields,
} from "@sched/shared-types";
import type { FormRule } from "antd";
import { Form, Input, Select } from "antd";
import { zodRule } from "../../lib/forms";
import { EmployeeAvatar } from "../employees/EmployeeAvatar";
import { PAYMENT_LABELS, STATUS_LABELS } from "./jobStyle";

export type JobFormValues = {
  employeeId?: string;
  type?: JobType;
  location: string;
  date: string;
  time: string;
  description: string;
  status: JobStatus;
  paymentStatus: PaymentStatus;
  amount: string;
  customerEmail: string;
  customerPhone: string;
};

const fields = ZJobFields.shape;
/** Empty first with the form's own "is required" words, then the shared schema's message. */
const required = (message: string, schema: Parameters<typeof zodRule>[0]): FormRule[] => [
  { required: true, whitespace: true, message },
  zodRule(schema),
];

type JobFormFieldsProps = {
  employees: EmployeeDTO[];
  /** The employee role may change the status only (photos are outside the form). */
  isProgressOnly: boolean;
  showContact: boolean;
};

/** The Add Job / Edit Job fields (docs/schedule.md), validated with the server's own schema. */
export function JobFormFields({ employees, isProgressOnly, showContact }: JobFormFieldsProps) {
  const planDisabled = isProgressOnly;
  return (
    <>
      <div className="job-form__pair job-form__pair--stack">
        <Form.Item
          name="employeeId"
          label="Employee"
          validateFirst
          rules={required("Employee is required", fields.employeeId)}
        >
          <Select
            disabled={planDisabled}
            placeholder="Select an employee"
            showSearch={{ optionFilterProp: "label" }}
            options={employees.map((employee) => ({
              value: employee.id,
              label: employee.name,
              employee,
            }))}
            optionRender={(option) => (
              <span className="employee-option">
                <EmployeeAvatar
                  initials={option.data.employee.initials}
                  avatarColor={option.data.employee.avatarColor}
                  size={22}
                />
                {option.data.employee.name}
              </span>
            )}
          />
        </Form.Item>
        <Form.Item
          name="type"
          label="Job type"
          validateFirst
          rules={required("Job type is required", fields.type)}
        >
          <Select
            disabled={planDisabled}
            placeholder="Select a job type"
            options={JOB_TYPES.map((type) => ({ value: type, label: type }))}
          />
        </Form.Item>
      </div>
      <Form.Item
        name="location"
        label="Location"
        validateFirst
        rules={required("Location is required", fields.location)}
      >
        <Input disabled={planDisabled} placeholder="Street address" autoComplete="street-address" />
      </Form.Item>
      <div className="job-form__pair">
        <Form.Item name="date" label="Date" validateFirst rules={required("Date is required", fields.date)}>
          <Input type="date" disabled={planDisabled} />
        </Form.Item>
        <Form.Item name="time" label="Time" validateFirst rules={required("Time is required", fields.time)}>
          <Input type="time" step={300} disabled={planDisabled} />
        </Form.Item>
      </div>
      <Form.Item name="description" label="Description (optional)" rules={[zodRule(fields.description)]}>
        <Input.TextArea
          disabled={planDisabled}
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder="What needs doing"
        />
      </Form.Item>
      <div className="job-form__pair">
        <Form.Item name="status" label="Job status">
          <Select options={JOB_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))} />
        </Form.Item>
        <Form.Item name="paymentStatus" label="Payment status">
          <Select
            disabled={planDisabled}
            options={PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_LABELS[status] }))}
          />
        </Form.Item>
      </div>
      <Form.Item name="amount" label="Amount (optional)" rules={[zodRule(fields.amount)]}>
        <Input disabled={planDisabled} prefix="$" inputMode="decimal" placeholder="0.00" />
      </Form.Item>
      {showContact ? (
        <div className="job-form__pair job-form__pair--stack">
          <Form.Item name="customerEmail" label="Customer email" rules={[zodRule(fields.customerEmail)]}>
            <Input disabled={planDisabled} type="email" inputMode="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="customerPhone" label="Customer phone" rules={[zodRule(fields.customerPhone)]}>
            <Input disabled={planDisabled} type="tel" inputMode="tel" autoComplete="off" />
          </Form.Item>
        </div>
      ) : null}
    </>
  );
}
