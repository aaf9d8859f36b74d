import {
  type EmployeeDTO,
  INVITATION_TTL_DAYS,
  type InvitableRole,
  type MemberDTO,
  ZInviteEmail,
} from "@sched/shared-types";
import { Form, Input, Modal, Select } from "antd";
import { useEffect } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { focusFirstField } from "../../lib/forms";
import { useFeedback } from "../../ui/feedback";
import { linkableEmployees } from "./rosterLinks";
import { useInviteMember } from "./useTeam";

/** `employeeId` "" is no roster employee. */
type InviteValues = { email: string; role: InvitableRole; employeeId: string };

const NO_EMPLOYEE = "";

const ROLE_OPTIONS = [
  { value: "employee", label: "Employee" },
  { value: "admin", label: "Admin" },
];

const ROLE_HINTS: Record<InvitableRole, string> = {
  employee: "Views schedules, uses team chat, updates job status and uploads job photos.",
  admin: "Manages schedules, employees, templates and the call log; can invite and remove members.",
};

/** Checks the address's form as the server does; an empty field is a toast, not an inline error. */
const emailFormatRule = {
  validator: async (_rule: unknown, value: string | undefined) => {
    if (!value?.trim()) return;
    const result = ZInviteEmail.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Invalid email address");
  },
};

type InviteDialogProps = {
  companyId: string;
  open: boolean;
  onClose: () => void;
  /** The roster, for the optional link; undefined while it loads. */
  employees: EmployeeDTO[] | undefined;
  /** Members already linked are not offered. */
  members: MemberDTO[] | undefined;
  /** Opened from an employee's card: that employee is chosen (and their address, when known). */
  preset?: { employeeId: string; email?: string };
};

/**
 * Invite Team Member: an e-mail (trimmed), a role, employee or admin, and optionally the
 * roster employee the new member will be (docs/team-and-invitations.md).
 */
export function InviteDialog({ companyId, open, onClose, employees, members, preset }: InviteDialogProps) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const [form] = Form.useForm<InviteValues>();
  const invite = useInviteMember(companyId);
  const role = Form.useWatch("role", form) ?? "employee";
  const presetEmployeeId = preset?.employeeId;
  const presetEmail = preset?.email;
  const rosterOptions = [
    { value: NO_EMPLOYEE, label: "None" },
    ...linkableEmployees(employees ?? [], members ?? [], null).map((employee) => ({
      value: employee.id,
      label: employee.name,
    })),
  ];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (presetEmployeeId) form.setFieldsValue({ employeeId: presetEmployeeId, email: presetEmail ?? "" });
  }, [open, form, presetEmployeeId, presetEmail]);

  const onFinish = ({ email, role, employeeId }: InviteValues) => {
    const trimmed = (email ?? "").trim();
    if (!trimmed) {
      notification.error({ title: "Email required", description: "Please enter an email address." });
      return;
    }
    invite.mutate(
      { email: trimmed, role, employeeId: employeeId || undefined },
      {
        onSuccess: (invitation) => {
          notification.success({
            title: "Invitation sent",
            description: `An invitation link is on its way to ${invitation.email}.`,
          });
          onClose();
        },
        onError: (error) => showFailure("Failed to send invitation", error, { form }),
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
      // Kept mounted (forceRender), so autoFocus would not fire: the e-mail field takes the focus on open.
      afterOpenChange={(isOpen) => focusFirstField(isOpen, form.getFieldInstance("email"))}
      forceRender
    >
      <p className="team-invite__hint">
        They get an e-mail with a link to join. The link works once and expires after {INVITATION_TTL_DAYS}{" "}
        days.
      </p>
      <Form<InviteValues>
        // Its own field ids (invite_email): the Employees page keeps this dialog and the
        // employee dialog mounted at once, where a shared id="email" ties a label to the other's field.
        name="invite"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ email: "", role: "employee", employeeId: NO_EMPLOYEE }}
      >
        <Form.Item label="Email" name="email" rules={[emailFormatRule]} validateTrigger="onSubmit">
          <Input type="email" inputMode="email" autoComplete="off" placeholder="name@example.com" />
        </Form.Item>
        <Form.Item label="Role" name="role" extra={ROLE_HINTS[role]}>
          <Select options={ROLE_OPTIONS} aria-label="Role" />
        </Form.Item>
        <Form.Item
          label="Roster employee (optional)"
          name="employeeId"
          extra="Who they are on the schedule: they see that person's jobs on My Day."
        >
          <Select
            options={rosterOptions}
            loading={employees === undefined}
            aria-label="Roster employee"
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
