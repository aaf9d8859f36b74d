import { UserDeleteOutlined } from "@ant-design/icons";
import { can, canRemoveMember, type EmployeeDTO, type MemberDTO, type Role } from "@sched/shared-types";
import { Avatar, Button, Skeleton, Tag } from "antd";
import dayjs from "dayjs";
import { useShowFailure } from "../../components/FailureNotice";
import { useFeedback } from "../../ui/feedback";
import { RosterLink } from "./RosterLink";
import { SendResetLink } from "./SendResetLink";
import { TeamListCard } from "./TeamListCard";
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
  /** The signed-in user and their role here: who may remove whom. The server decides in the end. */
  actor: { userId: string; role: Role } | null;
  /** The roster, for each member's link; undefined while it loads. */
  employees: EmployeeDTO[] | undefined;
  /** Owners and admins change the links. */
  canManage: boolean;
};

export function MemberList({
  companyId,
  companyName,
  members,
  isPending,
  actor,
  employees,
  canManage,
}: MemberListProps) {
  const { modal, notification } = useFeedback();
  const showFailure = useShowFailure();
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
          (error: unknown) => showFailure("Failed to remove member", error),
        ),
    });

  return (
    <TeamListCard
      title="Team Members"
      testId="team-members"
      items={members}
      isPending={isPending}
      skeleton={<Skeleton avatar active paragraph={{ rows: 2 }} data-testid="team-members-loading" />}
    >
      {(loaded) => (
        <ul className="team-list">
          {loaded.map((member) => {
            const isSelf = member.userId === actor?.userId;
            const canRemove = actor !== null && canRemoveMember(actor, member);
            const canSendReset = actor !== null && can(actor.role, "resetMemberPasswords");
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
                  <RosterLink
                    companyId={companyId}
                    member={member}
                    memberName={fullName(member)}
                    employees={employees}
                    members={loaded}
                    canManage={canManage}
                  />
                </div>
                <Tag color={ROLE_COLORS[member.role]} className="team-row__role" data-testid="member-role">
                  {ROLE_LABELS[member.role]}
                </Tag>
                {canSendReset ? (
                  <SendResetLink companyId={companyId} member={member} memberName={fullName(member)} />
                ) : null}
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
    </TeamListCard>
  );
}
