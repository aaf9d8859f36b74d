import {
  CALL_NOTES_MAX,
  type CallRecordDTO,
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_PHONE_MAX,
  type ServiceType,
  ZCallRecordFields,
} from "@sched/shared-types";
import { Button, Card, Form, Input, Radio } from "antd";
import dayjs from "dayjs";
import { useEffect, useRef } from "react";
import { ISO_DATE_FORMAT } from "../../lib/dates";
import { zodRule } from "../../lib/forms";
import { useSaveCallRecord } from "./useCallLog";

type CallFormValues = {
  customerName: string;
  customerPhone: string;
  customerEmail?: string;
  customerAddress?: string;
  serviceType: ServiceType;
  notes?: string;
  callDate: string;
  callTime: string;
};

const fields = ZCallRecordFields.shape;
const SERVICE_TYPE_OPTIONS = [
  { label: "Service", value: "service" },
  { label: "Estimate", value: "estimate" },
];

/** A new call is taken now (SPEC section 9): today's date and the current time, service by default. */
function newCallValues(): CallFormValues {
  const now = dayjs();
  return {
    customerName: "",
    customerPhone: "",
    serviceType: "service",
    callDate: now.format(ISO_DATE_FORMAT),
    callTime: now.format("HH:mm"),
  };
}

function recordValues(record: CallRecordDTO): CallFormValues {
  return {
    customerName: record.customerName,
    customerPhone: record.customerPhone,
    customerEmail: record.customerEmail ?? "",
    customerAddress: record.customerAddress ?? "",
    serviceType: record.serviceType,
    notes: record.notes ?? "",
    callDate: record.callDate,
    callTime: record.callTime,
  };
}

type CallRecordFormProps = {
  companyId: string;
  /** The record being edited; none means a new call. */
  record?: CallRecordDTO;
  onClose: () => void;
  onSaved: (record: CallRecordDTO) => void;
};

/**
 * The inline Log/Edit Call Record form. The page mounts it per record (by key) and
 * unmounts it on close, so closing always resets it and the next call starts fresh.
 */
export function CallRecordForm({ companyId, record, onClose, onSaved }: CallRecordFormProps) {
  const [form] = Form.useForm<CallFormValues>();
  const save = useSaveCallRecord(companyId);
  const cardRef = useRef<HTMLDivElement>(null);
  const isEditing = record !== undefined;

  // On a phone the form may open below the fold (Edit on a card far down): bring it into view.
  useEffect(() => {
    cardRef.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, []);

  const onFinish = (values: CallFormValues) => {
    save.mutate({ id: record?.id, values }, { onSuccess: onSaved });
  };

  return (
    <Card
      ref={cardRef}
      className="call-form"
      data-testid="call-record-form"
      title={isEditing ? "Edit Call Record" : "Log Call Record"}
    >
      <Form<CallFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={record ? recordValues(record) : newCallValues()}
        onFinish={onFinish}
      >
        <div className="call-form__grid">
          <Form.Item
            label="Customer name"
            name="customerName"
            required
            rules={[zodRule(fields.customerName)]}
          >
            <Input autoComplete="off" maxLength={CUSTOMER_NAME_MAX} autoFocus={!isEditing} />
          </Form.Item>
          <Form.Item label="Phone" name="customerPhone" required rules={[zodRule(fields.customerPhone)]}>
            <Input type="tel" inputMode="tel" autoComplete="off" maxLength={CUSTOMER_PHONE_MAX} />
          </Form.Item>
          <Form.Item label="Email" name="customerEmail" rules={[zodRule(fields.customerEmail)]}>
            <Input type="email" inputMode="email" autoComplete="off" maxLength={CUSTOMER_EMAIL_MAX} />
          </Form.Item>
          <Form.Item label="Address" name="customerAddress" rules={[zodRule(fields.customerAddress)]}>
            <Input autoComplete="off" maxLength={CUSTOMER_ADDRESS_MAX} />
          </Form.Item>
          <Form.Item label="Service type" name="serviceType" required rules={[zodRule(fields.serviceType)]}>
            <Radio.Group optionType="button" buttonStyle="solid" options={SERVICE_TYPE_OPTIONS} />
          </Form.Item>
          <div className="call-form__when">
            <Form.Item label="Date" name="callDate" required rules={[zodRule(fields.callDate)]}>
              <Input type="date" />
            </Form.Item>
            <Form.Item label="Time" name="callTime" required rules={[zodRule(fields.callTime)]}>
              <Input type="time" />
            </Form.Item>
          </div>
        </div>
        <Form.Item label="Notes" name="notes" rules={[zodRule(fields.notes)]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={CALL_NOTES_MAX} showCount />
        </Form.Item>
        <div className="call-form__actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {isEditing ? "Update Call" : "Log Call"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
