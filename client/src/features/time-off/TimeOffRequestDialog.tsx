import {
  TIME_OFF_KIND_LABELS,
  TIME_OFF_KINDS,
  TIME_OFF_NOTE_MAX,
  type TimeOffKind,
  type TTimeOffInput,
} from "@sched/shared-types";
import { Form, Input, Modal, Select } from "antd";
import { useEffect } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { useFeedback } from "../../ui/feedback";
import { useRequestTimeOff } from "./useTimeOff";

type Values = {
  startDate: string;
  endDate: string;
  kind: TimeOffKind;
  startTime?: string;
  endTime?: string;
  note?: string;
};

const KIND_OPTIONS = TIME_OFF_KINDS.map((kind) => ({ value: kind, label: TIME_OFF_KIND_LABELS[kind] }));

type RequestDialogProps = { companyId: string; open: boolean; firstDay: string; onClose: () => void };

/**
 * "Ask for time off" on My Day (docs/time-off.md): the dates, the kind, and for part of
 * one day its hours, with a note. It waits as pending until the office decides; the
 * server's field errors show beside the fields.
 */
export function TimeOffRequestDialog(props: RequestDialogProps) {
  const { companyId, open, firstDay, onClose } = props;
  const [form] = Form.useForm<Values>();
  const request = useRequestTimeOff(companyId);
  const showFailure = useShowFailure();
  const { message } = useFeedback();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ startDate: firstDay, endDate: firstDay, kind: "vacation" });
  }, [open, firstDay, form]);

  const onFinish = (values: Values) => {
    const input: Omit<TTimeOffInput, "companyId"> = {
      startDate: values.startDate,
      endDate: values.endDate,
      kind: values.kind,
      startTime: values.startTime || null,
      endTime: values.endTime || null,
      note: values.note ?? null,
    };
    request.mutate(input, {
      onSuccess: () => {
        void message.success("Time off asked for: the office will decide");
        onClose();
      },
      onError: (error) => showFailure("Could not ask for time off", error, { form }),
    });
  };

  return (
    <Modal
      open={open}
      title="Ask for time off"
      okText="Ask"
      onOk={() => form.submit()}
      okButtonProps={{ loading: request.isPending, "data-testid": "time-off-submit" }}
      onCancel={onClose}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <div className="time-off-form__pair">
          <Form.Item
            label="From"
            name="startDate"
            rules={[{ required: true, message: "Start date is required" }]}
          >
            <Input type="date" />
          </Form.Item>
          <Form.Item label="To" name="endDate" rules={[{ required: true, message: "End date is required" }]}>
            <Input type="date" />
          </Form.Item>
        </div>
        <Form.Item label="Kind" name="kind">
          <Select options={KIND_OPTIONS} aria-label="Kind" />
        </Form.Item>
        <div className="time-off-form__pair">
          <Form.Item label="Start time" name="startTime" extra="Only for part of one day">
            <Input type="time" />
          </Form.Item>
          <Form.Item label="End time" name="endTime">
            <Input type="time" />
          </Form.Item>
        </div>
        <Form.Item label="Note" name="note">
          <Input.TextArea maxLength={TIME_OFF_NOTE_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
