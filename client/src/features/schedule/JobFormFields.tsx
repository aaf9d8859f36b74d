import {
  type EmployeeDTO,
  JOB_DESCRIPTION_MAX,
  JOB_FIELDS,
  JOB_LOCATION_MAX,
  JOB_STATUSES,
  JOB_TYPES,
  jobChoiceOptions,
  PAYMENT_STATUSES,
  ZJobFields,
} from "@sched/shared-types";
import type { FormRule, InputRef } from "antd";
import { Form, Input, Select } from "antd";
import { type ReactNode, useRef } from "react";
import { EmployeeAvatar } from "../../entities/employee/EmployeeAvatar";
import { fittingFirst, skillFitWords } from "../../entities/employee/skillFit";
import { PAYMENT_LABELS, STATUS_LABELS } from "../../entities/job/jobStyle";
import { zodRule } from "../../lib/forms";
import { CustomerPickerField } from "../customers/CustomerPickerField";
import { ArrivalFields } from "./ArrivalFields";
import { DurationField } from "./DurationField";
import { JobWarnings } from "./JobWarnings";
import { SkillsNeededField } from "./SkillsNeededField";

const fields = ZJobFields.shape;
/** Empty first with the form's own "is required" words, then the shared schema's message. */
const required = (message: string, schema: Parameters<typeof zodRule>[0]): FormRule[] => [
  { required: true, whitespace: true, message },
  zodRule(schema),
];

const SLOT_NAMES = ["employeeId", "date", "time"] as const;

/**
 * A slot field's rules: required, except on a job from the Unscheduled tray, where
 * employee, date and time may stay empty together but one given needs the others
 * (docs/schedule.md).
 */
const slotRules = (
  message: string,
  schema: Parameters<typeof zodRule>[0],
  isOptional: boolean,
): FormRule[] =>
  isOptional
    ? [
        ({ getFieldValue }) => ({
          validator: async (_rule, value: unknown) => {
            if (!value && SLOT_NAMES.some((name) => getFieldValue(name))) throw new Error(message);
            const result = value ? schema.safeParse(value) : { success: true as const };
            if (!result.success) throw new Error(result.error.issues[0]?.message ?? message);
          },
        }),
      ]
    : required(message, schema);

export const DATE_NOT_REAL = "Date is not a real date: that month has no such day";

/**
 * A date the browser could not read (30 February typed into the date field) leaves the
 * field's value empty: say so, rather than "Date is required" (docs/schedule.md).
 */
const realDateRule = (input: { current: InputRef | null }): FormRule => ({
  validator: async () => {
    if (input.current?.input?.validity.badInput) throw new Error(DATE_NOT_REAL);
  },
});

/** Typing picks an option by its words ("Rep" finds Repair), as a native select would. */
const TYPED_SEARCH = { optionFilterProp: "label" } as const;

type JobFormFieldsProps = {
  employees: EmployeeDTO[];
  /** The employee role may change the status only (photos are outside the form). */
  isProgressOnly: boolean;
  showContact: boolean;
  /** A job from the Unscheduled tray: employee, date and time may all stay empty. */
  isSlotOptional?: boolean;
  /** The job being edited, whose stored copy the live warnings leave out. */
  jobId?: string;
  /** The place line under the location (components/PlaceField.tsx). */
  place?: ReactNode;
  /** The open invoice the job is on: its amount and payment status come from it (docs/money.md). */
  invoiceNumber?: number | null;
};

/** The Add Job / Edit Job fields (docs/schedule.md), validated with the server's own schema. */
export function JobFormFields({
  employees,
  isProgressOnly,
  showContact,
  isSlotOptional = false,
  jobId,
  place,
  invoiceNumber = null,
}: JobFormFieldsProps) {
  // On a tray job each slot field is checked again when another one changes.
  const othersThan = (name: (typeof SLOT_NAMES)[number]) =>
    isSlotOptional ? SLOT_NAMES.filter((other) => other !== name) : undefined;
  const planDisabled = isProgressOnly;
  const billed = invoiceNumber === null ? {} : { extra: `From invoice #${invoiceNumber}` };
  const dateInput = useRef<InputRef>(null);
  // Who holds the skills the job needs comes first, marked "has gas"; the others "lacks gas".
  const requiredSkills = Form.useWatch("requiredSkills") as string[] | undefined;
  return (
    <>
      <div className="job-form__pair job-form__pair--stack">
        <Form.Item
          name="employeeId"
          label="Employee"
          validateFirst
          dependencies={othersThan("employeeId")}
          rules={slotRules("Employee is required", fields.employeeId, isSlotOptional)}
        >
          <Select
            disabled={planDisabled}
            placeholder="Select an employee"
            showSearch={TYPED_SEARCH}
            options={fittingFirst(employees, requiredSkills).map((employee) => ({
              value: employee.id,
              label: employee.name,
              employee,
              fit: skillFitWords(employee, requiredSkills),
            }))}
            optionRender={(option) => (
              <span className="employee-option" data-testid="employee-option">
                <EmployeeAvatar
                  initials={option.data.employee.initials}
                  avatarColor={option.data.employee.avatarColor}
                  size={22}
                />
                {option.data.employee.name}
                {option.data.fit ? (
                  <span
                    className={`employee-option__fit${option.data.fit.startsWith("lacks") ? " employee-option__fit--lacks" : ""}`}
                    data-testid="employee-option-fit"
                  >
                    {option.data.fit}
                  </span>
                ) : null}
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
            showSearch={TYPED_SEARCH}
            options={JOB_TYPES.map((type) => ({ value: type, label: type }))}
          />
        </Form.Item>
      </div>
      <SkillsNeededField disabled={planDisabled} />
      <CustomerPickerField disabled={planDisabled} />
      <Form.Item
        name="location"
        label="Location"
        validateFirst
        rules={required("Location is required", fields.location)}
      >
        <Input
          disabled={planDisabled}
          placeholder="Street address"
          autoComplete="street-address"
          count={{ show: true, max: JOB_LOCATION_MAX }}
        />
      </Form.Item>
      {place}
      <div className="job-form__pair">
        <Form.Item
          name="date"
          label="Date"
          validateFirst
          dependencies={othersThan("date")}
          validateTrigger={["onChange", "onBlur"]}
          rules={[realDateRule(dateInput), ...slotRules("Date is required", fields.date, isSlotOptional)]}
        >
          <Input ref={dateInput} type="date" disabled={planDisabled} />
        </Form.Item>
        <Form.Item
          name="time"
          label="Time"
          validateFirst
          dependencies={othersThan("time")}
          rules={slotRules("Time is required", fields.time, isSlotOptional)}
        >
          <Input type="time" step={300} disabled={planDisabled} />
        </Form.Item>
      </div>
      <DurationField disabled={planDisabled} />
      <ArrivalFields disabled={planDisabled} />
      <JobWarnings jobId={jobId} />
      <Form.Item name="description" label="Description (optional)" rules={[zodRule(fields.description)]}>
        <Input.TextArea
          disabled={planDisabled}
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder="What needs doing"
          count={{ show: true, max: JOB_DESCRIPTION_MAX }}
        />
      </Form.Item>
      <div className="job-form__pair">
        <Form.Item name="status" label="Job status">
          <Select
            showSearch={TYPED_SEARCH}
            options={JOB_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          />
        </Form.Item>
        <Form.Item name="paymentStatus" label="Payment status" {...billed}>
          <Select
            disabled={planDisabled || invoiceNumber !== null}
            showSearch={TYPED_SEARCH}
            options={PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_LABELS[status] }))}
          />
        </Form.Item>
      </div>
      <div className="job-form__pair">
        <Form.Item name="priority" label={JOB_FIELDS.priority.label}>
          <Select disabled={planDisabled} showSearch={TYPED_SEARCH} options={jobChoiceOptions("priority")} />
        </Form.Item>
        <Form.Item name="amount" label="Amount (optional)" rules={[zodRule(fields.amount)]} {...billed}>
          <Input
            disabled={planDisabled || invoiceNumber !== null}
            prefix="$"
            inputMode="decimal"
            placeholder="0.00"
          />
        </Form.Item>
      </div>
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
