import { KeyOutlined } from "@ant-design/icons";
import type { MemberDTO } from "@sched/shared-types";
import { Button } from "antd";
import { useShowFailure } from "../../components/FailureNotice";
import { useFeedback } from "../../ui/feedback";
import { useSendPasswordReset } from "./useTeam";

type SendResetLinkProps = { companyId: string; member: MemberDTO; memberName: string };

/**
 * The owner's "send a password reset link" for one member (docs/auth.md):
 * the member chooses the new password themselves; the owner never sees it.
 */
export function SendResetLink({ companyId, member, memberName }: SendResetLinkProps) {
  const { modal, notification } = useFeedback();
  const showFailure = useShowFailure();
  const send = useSendPasswordReset(companyId);
  const confirm = () =>
    modal.confirm({
      title: `Send ${memberName} a password reset link?`,
      content: `${member.user.email} gets a link to choose a new password. It works once, for one hour.`,
      okText: "Send link",
      cancelText: "Cancel",
      onOk: () =>
        send.mutateAsync(member.userId).then(
          () =>
            notification.success({
              title: "Reset link sent",
              description: `${memberName} can choose a new password from the e-mail.`,
            }),
          (error: unknown) => showFailure("Failed to send the reset link", error),
        ),
    });
  return (
    <Button
      type="text"
      icon={<KeyOutlined />}
      aria-label={`Send ${memberName} a password reset link`}
      title="Send a password reset link"
      loading={send.isPending}
      onClick={confirm}
    />
  );
}
