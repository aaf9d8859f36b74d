import { type WeeklyScheduleDTO, ZWeeklyScheduleUpdate } from "@sched/shared-types";
import { App, Form, Input, Modal } from "antd";
import { useEffect } from "react";
import { errorMessage } from "../../lib/api";
import { zodRule } from "../../lib/forms";
import { useRenameWeek } from "./useWeeklySchedules";

type RenameWeekDialogProps = { companyId: string; week: WeeklyScheduleDTO | null; onClose: () => void };

/** Gives a week a name people will search for ("Thanksgiving week"). */
export function RenameWeekDialog({ companyId, week, onClose }: RenameWeekDialogProps) {
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const renameWeek = useRenameWeek(companyId);

  useEffect(() => {
    if (week) form.setFieldsValue({ name: week.name });
  }, [week, form]);

  const onFinish = ({ name }: { name: string }) => {
    if (!week) return;
    renameWeek.mutate(
      { id: week.id, name: name.trim() },
      {
        onSuccess: () => {
          notification.success({ title: "Success", description: "Week renamed" });
          onClose();
        },
        onError: (error) =>
          notification.error({ title: "Error", description: errorMessage(error, "Failed to rename week") }),
      },
    );
  };

  return (
    <Modal
      open={week !== null}
      title="Rename Week"
      okText="Save"
      onOk={() => form.submit()}
      okButtonProps={{ loading: renameWeek.isPending }}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label="Name" name="name" rules={[zodRule(ZWeeklyScheduleUpdate.shape.name)]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
