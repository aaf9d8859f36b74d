import { UserDeleteOutlined } from "@ant-design/icons";
import type { MemberDTO, Role } from "@sched/shared-types";
import { App, Avatar, Button, Card, Skeleton, Tag } from "antd";
import dayjs from "dayjs";
import { errorMessage } from "../../lib/api";
import { useRemoveMember } from "./useTeam";

export const ROLE_COLORS: Record<Role, string> = { owner: "gold", admin: "blue", employee: "default" };
export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", admin: "Admin", employee: "Employee" };

const fullName = (member: MemberDTO) => `${member.user.firstName} ${member.user.lastName}`.trim();
const initialsOf = (member: MemberDTO) =>
  `${member.user.firstName.charAt(0)}${member.user.lastName.charAt(0)}`.toUpperCase() || "?";

type MemberListProps = {
  companyId: string;
  companyName: string;
  members: MemberDTO[] | undefined;
  isPending: boolean;
  currentUserId: string | null;
  /** Owners and admins see remove buttons; the server decides in the end. */
  canManage: boolean;
};

export function MemberList({
  companyId,
  companyName,
  members,
  isPending,
  currentUserId,
  canManage,
}: MemberListProps) {
  const { modal, notification } = App.useApp();
  const removeMember = useRemoveMember(companyId);

  const confirmRemove = (member: MemberDTO) =>
    modal.confirm({
      title: `Remove ${fullName(member)}?`,
      content: `They lose access to ${companyName} at once. You can invite them again later.`,
      okText: "Remove",
      okButtonProps: { danger: true },
      cancelText: "Cancel",
      onOk: () =>
        removeMember.mutateAsync(member.userId).then(
          () =>
            notification.success({
              title: "Team member removed",
              description: `${fullName(member)} no longer has access to ${companyName}.`,
            }),
          (error: unknown) =>
            notification.error({
              title: "Failed to remove member",
              description: errorMessage(error, "Please try again."),
            }),
        ),
    });

  return (
    <Card
      title={`Team Members${members ? ` (${members.length})` : ""}`}
      className="team-card"
      data-testid="team-members"
    >
      {isPending || !members ? (
        <Skeleton avatar active paragraph={{ rows: 2 }} data-testid="team-members-loading" />
      ) : (
        <ul className="team-list">
          {members.map((member) => {
            const isSelf = member.userId === currentUserId;
            const canRemove = canManage && member.role !== "owner" && !isSelf;
            return (
              <li key={member.id} className="team-row" data-testid="team-member">
                <Avatar className="team-row__avatar" size={40}>
                  {initialsOf(member)}
                </Avatar>
                <div className="team-row__text">
                  <div className="team-row__name">
                    {fullName(member)}
                    {isSelf ? <span className="team-row__you">(you)</span> : null}
                  </div>
                  <div className="team-row__meta">{member.user.email}</div>
                  <div className="team-row__meta">Joined {dayjs(member.joinedAt).format("MMM D, YYYY")}</div>
                </div>
                <Tag color={ROLE_COLORS[member.role]} className="team-row__role" data-testid="member-role">
                  {ROLE_LABELS[member.role]}
                </Tag>
                {canRemove ? (
                  <Button
                    type="text"
                    danger
                    icon={<UserDeleteOutlined />}
                    aria-label={`Remove ${fullName(member)}`}
                    onClick={() => confirmRemove(member)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
