import { UserAddOutlined } from "@ant-design/icons";
import { Alert, Button, Result } from "antd";
import { useState } from "react";
import { PageTitle } from "../../components/PageTitle";
import { TrialLock } from "../../components/TrialLock";
import { useCan, useCurrentCompany } from "../../entities/company/useCompanies";
import { useEmployees } from "../../entities/employee/useEmployees";
import { useAuth } from "../../entities/user/useAuth";
import { InvitationList } from "./InvitationList";
import { InviteDialog } from "./InviteDialog";
import { MemberList } from "./MemberList";
import { RoleCards } from "./RoleCards";
import { useInvitations, useMembers } from "./useTeam";
import "./team.css";

const TITLE = "Team Management";

export default function TeamPage() {
  const { company } = useCurrentCompany();
  if (!company) {
    return (
      <>
        <PageTitle title={TITLE} />
        <Result status="info" title="Select a Company" subTitle="Choose a company to see its team." />
      </>
    );
  }
  return <Team companyId={company.id} companyName={company.name} />;
}

function Team({ companyId, companyName }: { companyId: string; companyName: string }) {
  const { role } = useCurrentCompany();
  const { user } = useAuth();
  // Inviting, cancelling invitations and removing members (docs/team-and-invitations.md).
  const canManage = useCan("manageTeam");
  const members = useMembers(companyId);
  const invitations = useInvitations(companyId, canManage);
  const employees = useEmployees(companyId);
  const [isInviting, setIsInviting] = useState(false);

  return (
    <div className="team-page">
      <div className="page-header">
        <PageTitle
          title={TITLE}
          subtitle={`The people who use Scheduler at ${companyName}, and what they may do.`}
        />
        {canManage ? (
          <TrialLock action="manageTeam">
            <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setIsInviting(true)}>
              Invite Team Member
            </Button>
          </TrialLock>
        ) : null}
      </div>

      {!canManage && role ? (
        <Alert
          className="team-access-note"
          type="info"
          showIcon
          title={`You have ${role} access to view team information.`}
          data-testid="team-access-note"
        />
      ) : null}

      {members.isError ? (
        <Result
          status="warning"
          title="The team could not be loaded"
          extra={<Button onClick={() => void members.refetch()}>Try again</Button>}
        />
      ) : (
        <div className={canManage ? "team-columns" : undefined}>
          <MemberList
            companyId={companyId}
            companyName={companyName}
            members={members.data}
            isPending={members.isPending}
            actor={user && role ? { userId: user.id, role } : null}
            employees={employees.data}
            canManage={canManage}
          />
          {canManage ? (
            <InvitationList
              companyId={companyId}
              invitations={invitations.data}
              isPending={invitations.isPending}
            />
          ) : null}
        </div>
      )}

      <RoleCards currentRole={role} />
      {canManage ? (
        <InviteDialog
          companyId={companyId}
          open={isInviting}
          onClose={() => setIsInviting(false)}
          employees={employees.data}
          members={members.data}
        />
      ) : null}
    </div>
  );
}
