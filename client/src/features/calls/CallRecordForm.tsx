import {
  CALL_NOTES_MAX,
  type CallRecordDTO,
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_PHONE_MAX,
  SERVICE_TYPES,
  ZCallRecordFields,
} from "@sched/shared-types";
import { Button, Card, Form, Input, Radio } from "antd";
import dayjs from "dayjs";
import { useEffect, useRef } from "react";
import { useStaleChange } from "../../components/useStaleChange";
import { ISO_DATE_FORMAT } from "../../lib/dates";
import { zodRule } from "../../lib/forms";
import { changedSince, differingFields, intendedChange } from "../../lib/staleChange";
import { CallerSuggestions } from "./CallerSuggestions";
import {
  CALL_RECORD_LABELS,
  type CallFormValues,
  recordValues,
  SERVICE_TYPE_LABELS,
} from "./callRecordChanges";
import { useSaveCallRecord } from "./useCallLog";

const fields = ZCallRecordFields.shape;
const SERVICE_TYPE_OPTIONS = SERVICE_TYPES.map((value) => ({ label: SERVICE_TYPE_LABELS[value], value }));

/** A new call is taken now (docs/call-log.md): today's date and the current time, service by default. */
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
 * An edit is saved from the version the user opened; when someone else saved the
 * record in between, the user chooses whose change stays.
 */
export function CallRecordForm({ companyId, record, onClose, onSaved }: CallRecordFormProps) {
  const [form] = Form.useForm<CallFormValues>();
  const save = useSaveCallRecord(companyId);
  const { resolveStale, staleDialog } = useStaleChange();
  const cardRef = useRef<HTMLDivElement>(null);
  const isEditing = record !== undefined;

  // On a phone the form may open below the fold (Edit on a card far down): bring it into view.
  useEffect(() => {
    cardRef.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, []);

  /** Saves the whole record (`values`) over `version`; `change` is what the user changed in it. */
  const saveEdit = (
    opened: CallRecordDTO,
    change: Partial<CallFormValues>,
    values: CallFormValues,
    version: number,
  ) => {
    save.mutate(
      { id: opened.id, values, version },
      {
        onSuccess: onSaved,
        onError: (error) =>
          resolveStale<CallRecordDTO>(error, {
            root: "call-records",
            describe: (current) => differingFields(change, recordValues(current), CALL_RECORD_LABELS),
            theirs: (current) =>
              changedSince(recordValues(opened), recordValues(current), CALL_RECORD_LABELS),
            // The record as it is now, with the user's change on top.
            onApply: (current) =>
              saveEdit(opened, change, { ...recordValues(current), ...change }, current.version),
            onKeep: onClose,
          }),
      },
    );
  };

  const onFinish = (values: CallFormValues) => {
    if (!record) {
      save.mutate({ values }, { onSuccess: onSaved });
      return;
    }
    saveEdit(
      record,
      intendedChange(recordValues(record), values, CALL_RECORD_LABELS),
      values,
      record.version,
    );
  };

  return (
    <Card
      ref={cardRef}
      className="call-form"
      data-testid="call-record-form"
      title={isEditing ? "Edit Call Record" : "Log Call Record"}
      // Escape closes it as it closes a dialog; not when it comes from the stale-change
      // dialog (a portal: its events bubble here through React, not through the page).
      onKeyDown={(event) => {
        if (event.key === "Escape" && cardRef.current?.contains(event.target as Node)) onClose();
      }}
    >
      <Form<CallFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={record ? recordValues(record) : newCallValues()}
        onFinish={onFinish}
        noValidate
      >
        <div className="call-form__grid">
          <Form.Item
            label="Customer name"
            name="customerName"
            required
            rules={[zodRule(fields.customerName)]}
          >
            {/* The form takes the focus when it opens, new or edited, as a dialog would. */}
            <Input autoComplete="off" maxLength={CUSTOMER_NAME_MAX} autoFocus />
          </Form.Item>
          <Form.Item label="Phone" name="customerPhone" required rules={[zodRule(fields.customerPhone)]}>
            <Input type="tel" inputMode="tel" autoComplete="off" maxLength={CUSTOMER_PHONE_MAX} />
          </Form.Item>
          {/* The customer picked from the suggestions: Book Job books for them (docs/call-log.md). */}
          <Form.Item name="customerId" hidden>
            <Input />
          </Form.Item>
          {isEditing ? null : <CallerSuggestions companyId={companyId} form={form} />}
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
      {staleDialog}
    </Card>
  );
}
