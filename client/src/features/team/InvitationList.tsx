import { CloseOutlined, MailOutlined } from "@ant-design/icons";
import type { InvitationDTO } from "@sched/shared-types";
import { Button, Popconfirm, Skeleton, Tag } from "antd";
import dayjs from "dayjs";
import { useShowFailure } from "../../components/FailureNotice";
import { useFeedback } from "../../ui/feedback";
import { ROLE_COLORS, ROLE_LABELS } from "./MemberList";
import { TeamListCard } from "./TeamListCard";
import { useCancelInvitation } from "./useTeam";

type InvitationListProps = {
  companyId: string;
  invitations: InvitationDTO[] | undefined;
  isPending: boolean;
};

/** Pending invitations, for owners and admins: who, which role, until when; cancel stops the link. */
export function InvitationList({ companyId, invitations, isPending }: InvitationListProps) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const cancelInvitation = useCancelInvitation(companyId);

  const cancel = (invitation: InvitationDTO) =>
    cancelInvitation.mutateAsync(invitation.id).then(
      () =>
        notification.success({
          title: "Invitation cancelled",
          description: `The link sent to ${invitation.email} no longer works.`,
        }),
      (error: unknown) => showFailure("Failed to cancel invitation", error),
    );

  return (
    <TeamListCard
      title="Pending Invitations"
      testId="team-invitations"
      items={invitations}
      isPending={isPending}
      skeleton={<Skeleton active paragraph={{ rows: 1 }} />}
    >
      {(pending) =>
        pending.length === 0 ? (
          <p className="team-empty">No pending invitations. Invite someone to give them access.</p>
        ) : (
          <ul className="team-list">
            {pending.map((invitation) => {
              const isExpired = dayjs(invitation.expiresAt).isBefore(dayjs());
              return (
                <li key={invitation.id} className="team-row" data-testid="team-invitation">
                  <span className="team-row__icon">
                    <MailOutlined />
                  </span>
                  <div className="team-row__text">
                    <div className="team-row__name">{invitation.email}</div>
                    <div className="team-row__meta">
                      Sent {dayjs(invitation.createdAt).format("MMM D, YYYY")}
                      {" · "}
                      {isExpired ? (
                        <Tag color="red">Expired</Tag>
                      ) : (
                        `Expires ${dayjs(invitation.expiresAt).format("MMM D, YYYY")}`
                      )}
                    </div>
                  </div>
                  <Tag color={ROLE_COLORS[invitation.role]} className="team-row__role">
                    {ROLE_LABELS[invitation.role]}
                  </Tag>
                  <Popconfirm
                    title="Cancel this invitation?"
                    description="The link in the e-mail will stop working."
                    okText="Cancel invitation"
                    okButtonProps={{ danger: true }}
                    cancelText="Keep"
                    onConfirm={() => cancel(invitation)}
                  >
                    <Button
                      type="text"
                      icon={<CloseOutlined />}
                      aria-label={`Cancel invitation for ${invitation.email}`}
                    />
                  </Popconfirm>
                </li>
              );
            })}
          </ul>
        )
      }
    </TeamListCard>
  );
}
