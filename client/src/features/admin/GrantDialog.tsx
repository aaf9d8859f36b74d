import { type AdminCompanyDTO, FREE_ACCESS_NOTES_MAX, ZFreeAccessNotes } from "@sched/shared-types";
import { Form, Input, Modal } from "antd";
import { zodRule } from "../../lib/forms";
import { useGrantFreeAccess } from "./useAdmin";

type GrantDialogProps = { company: AdminCompanyDTO | null; onClose: () => void };

/** Turning a company's switch on asks why, so the free-access list can tell later. */
export function GrantDialog({ company, onClose }: GrantDialogProps) {
  const [form] = Form.useForm<{ notes: string }>();
  const grant = useGrantFreeAccess("Access change failed");

  const onFinish = ({ notes }: { notes: string }) => {
    if (!company) return;
    grant.mutate(
      { companyId: company.id, companyName: company.name, notes: notes.trim() },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open={company !== null}
      title={company ? `Grant free access to ${company.name}` : "Grant free access"}
      okText="Grant Free Access"
      cancelText="Cancel"
      confirmLoading={grant.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <p className="admin-dialog__hint">
        The reason is shown to administrators only, next to the company in the free-access list.
      </p>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="notes" label="Reason" rules={[zodRule(ZFreeAccessNotes)]}>
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={FREE_ACCESS_NOTES_MAX}
            showCount
            placeholder="e.g. Charity partner, pilot customer"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
