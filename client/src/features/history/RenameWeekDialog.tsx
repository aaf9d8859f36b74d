import { type WeeklyScheduleDTO, ZWeeklyScheduleUpdate } from "@sched/shared-types";
import { Form, Input, Modal } from "antd";
import { useEffect } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { useStaleChange } from "../../components/useStaleChange";
import { zodRule } from "../../lib/forms";
import { differingFields, type FieldLabels } from "../../lib/staleChange";
import { useFeedback } from "../../ui/feedback";
import { useRenameWeek } from "./useWeeklySchedules";

type RenameWeekDialogProps = { companyId: string; week: WeeklyScheduleDTO | null; onClose: () => void };

const WEEK_LABELS: FieldLabels<{ name: string }> = { name: { label: "Name" } };

/**
 * Gives a week a name people will search for ("Thanksgiving week"), from the version the
 * user opened; when someone else renamed it in between, the user chooses which name stays.
 */
export function RenameWeekDialog({ companyId, week, onClose }: RenameWeekDialogProps) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const [form] = Form.useForm<{ name: string }>();
  const renameWeek = useRenameWeek(companyId);
  const { resolveStale, staleDialog } = useStaleChange();

  useEffect(() => {
    if (week) form.setFieldsValue({ name: week.name });
  }, [week, form]);

  const rename = (opened: WeeklyScheduleDTO, name: string, version: number) => {
    renameWeek.mutate(
      { id: opened.id, name, version },
      {
        onSuccess: () => {
          notification.success({ title: "Success", description: "Week renamed" });
          onClose();
        },
        onError: (error) => {
          const isStale = resolveStale<WeeklyScheduleDTO>(error, {
            root: "weekly-schedules",
            describe: (current) => differingFields({ name }, { name: current.name }, WEEK_LABELS),
            onApply: (current) => rename(opened, name, current.version),
            onKeep: onClose,
          });
          if (isStale) return;
          showFailure("Failed to rename week", error, { form });
        },
      },
    );
  };

  const onFinish = ({ name }: { name: string }) => {
    if (week) rename(week, name.trim(), week.version);
  };

  return (
    <>
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
      {staleDialog}
    </>
  );
}
