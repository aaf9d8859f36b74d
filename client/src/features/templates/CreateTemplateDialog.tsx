import { TEMPLATE_DESCRIPTION_MAX, ZTemplateName } from "@sched/shared-types";
import { Alert, Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { zodRule } from "../../lib/forms";
import { useFeedback } from "../../ui/feedback";
import { useCreateTemplate } from "./useTemplates";
import { thisWeekStart, WeekStepper } from "./WeekStepper";

type FormValues = { name: string; description: string };

type CreateTemplateDialogProps = { companyId: string; open: boolean; onClose: () => void };

/** Create Template: a name, a description, and the week whose jobs it saves (this week unless changed). */
export function CreateTemplateDialog({ companyId, open, onClose }: CreateTemplateDialogProps) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const [form] = Form.useForm<FormValues>();
  const [week, setWeek] = useState(thisWeekStart);
  const createTemplate = useCreateTemplate(companyId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setWeek(thisWeekStart());
  }, [open, form]);

  const onFinish = (values: FormValues) =>
    createTemplate.mutate(
      { name: values.name.trim(), description: values.description?.trim() ?? "", weekStart: week },
      {
        onSuccess: () => {
          notification.success({ title: "Success", description: "Template created" });
          onClose();
        },
        onError: (error) => showFailure("Failed to create template. Please try again.", error, { form }),
      },
    );

  return (
    <Modal
      open={open}
      title="Create Template"
      okText="Create Template"
      onOk={() => form.submit()}
      okButtonProps={{ loading: createTemplate.isPending, "data-testid": "create-template-submit" }}
      onCancel={onClose}
      forceRender
    >
      <Form<FormValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label="Template Name" name="name" rules={[zodRule(ZTemplateName)]}>
          <Input placeholder="e.g. Standard week" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea
            placeholder="What this week looks like"
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={TEMPLATE_DESCRIPTION_MAX}
          />
        </Form.Item>
        <Form.Item label="Week to capture">
          <WeekStepper value={week} onChange={setWeek} />
        </Form.Item>
        <Alert
          type="info"
          showIcon
          title="This template captures the current week's schedule: every job of the week above, with its employee, day, time, type, location and amount. Apply it to any week later."
        />
      </Form>
    </Modal>
  );
}
