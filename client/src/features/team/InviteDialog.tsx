import { INVITATION_TTL_DAYS, type InvitableRole, ZInviteEmail } from "@sched/shared-types";
import { App, Form, Input, Modal, Select } from "antd";
import { useEffect } from "react";
import { errorMessage } from "../../lib/api";
import { useInviteMember } from "./useTeam";

type InviteValues = { email: string; role: InvitableRole };

const ROLE_OPTIONS = [
  { value: "employee", label: "Employee" },
  { value: "admin", label: "Admin" },
];

const ROLE_HINTS: Record<InvitableRole, string> = {
  employee: "Views schedules, uses team chat, updates job status and uploads job photos.",
  admin: "Manages schedules, employees, templates and the call log; can invite and remove members.",
};

/** Checks the address's form as the server does; an empty field is SPEC's toast, not an inline error. */
const emailFormatRule = {
  validator: async (_rule: unknown, value: string | undefined) => {
    if (!value?.trim()) return;
    const result = ZInviteEmail.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Invalid email address");
  },
};

type InviteDialogProps = { companyId: string; open: boolean; onClose: () => void };

/** Invite Team Member: an e-mail (trimmed) and a role, employee or admin (SPEC section 5). */
export function InviteDialog({ companyId, open, onClose }: InviteDialogProps) {
  const { notification } = App.useApp();
  const [form] = Form.useForm<InviteValues>();
  const invite = useInviteMember(companyId);
  const role = Form.useWatch("role", form) ?? "employee";

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const onFinish = ({ email, role }: InviteValues) => {
    const trimmed = (email ?? "").trim();
    if (!trimmed) {
      notification.error({ title: "Email required", description: "Please enter an email address." });
      return;
    }
    invite.mutate(
      { email: trimmed, role },
      {
        onSuccess: (invitation) => {
          notification.success({
            title: "Invitation sent",
            description: `An invitation link is on its way to ${invitation.email}.`,
          });
          onClose();
        },
        onError: (error) =>
          notification.error({
            title: "Failed to send invitation",
            description: errorMessage(error, "Please try again."),
          }),
      },
    );
  };

  return (
    <Modal
      open={open}
      title="Invite Team Member"
      okText="Send Invitation"
      onOk={() => form.submit()}
      okButtonProps={{ loading: invite.isPending, "data-testid": "invite-submit" }}
      onCancel={onClose}
      forceRender
    >
      <p className="team-invite__hint">
        They get an e-mail with a link to join. The link works once and expires after {INVITATION_TTL_DAYS}{" "}
        days.
      </p>
      <Form<InviteValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ email: "", role: "employee" }}
      >
        <Form.Item label="Email" name="email" rules={[emailFormatRule]} validateTrigger="onSubmit">
          <Input type="email" inputMode="email" autoComplete="off" placeholder="name@example.com" />
        </Form.Item>
        <Form.Item label="Role" name="role" extra={ROLE_HINTS[role]}>
          <Select options={ROLE_OPTIONS} aria-label="Role" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
