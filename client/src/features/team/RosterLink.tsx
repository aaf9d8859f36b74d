import type { EmployeeDTO, MemberDTO } from "@sched/shared-types";
import { Select } from "antd";
import { useShowFailure } from "../../components/FailureNotice";
import { useFeedback } from "../../ui/feedback";
import { linkableEmployees } from "./rosterLinks";
import { useLinkMember } from "./useTeam";

/** The Select's value for "not linked": antd keeps null for "nothing chosen". */
const NOT_LINKED = "";

type RosterLinkProps = {
  companyId: string;
  member: MemberDTO;
  memberName: string;
  employees: readonly EmployeeDTO[] | undefined;
  members: readonly MemberDTO[];
  canManage: boolean;
};

/**
 * Which roster employee this member is (docs/team-and-invitations.md): My Day, chat and
 * the bell follow it. Owners and admins change it here; others see it.
 */
export function RosterLink({
  companyId,
  member,
  memberName,
  employees,
  members,
  canManage,
}: RosterLinkProps) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const link = useLinkMember(companyId);
  const linked = employees?.find((employee) => employee.id === member.employeeId) ?? null;

  if (!canManage) {
    return (
      <div className="team-row__meta" data-testid="member-roster-link">
        Roster: {linked ? linked.name : "Not linked"}
      </div>
    );
  }

  const options = [
    { value: NOT_LINKED, label: "Not linked" },
    ...linkableEmployees(employees ?? [], members, member.employeeId).map((employee) => ({
      value: employee.id,
      label: employee.name,
    })),
  ];
  const onChange = (value: string) =>
    link.mutate(
      { userId: member.userId, employeeId: value === NOT_LINKED ? null : value },
      {
        onSuccess: (saved) => {
          const name = employees?.find((employee) => employee.id === saved.employeeId)?.name;
          notification.success({
            title: name ? "Linked to the roster" : "Unlinked from the roster",
            description: name
              ? `${memberName} is ${name} on the roster.`
              : `${memberName} is not linked any more.`,
          });
        },
        onError: (error) => showFailure("Link not changed", error),
      },
    );

  return (
    <div className="team-row__link">
      <span className="team-row__meta">Roster</span>
      <Select
        size="small"
        className="team-row__link-select"
        value={employees ? (member.employeeId ?? NOT_LINKED) : undefined}
        options={options}
        loading={link.isPending || employees === undefined}
        disabled={link.isPending}
        onChange={onChange}
        aria-label={`Roster employee of ${memberName}`}
        data-testid="member-roster-select"
        popupMatchSelectWidth={false}
      />
    </div>
  );
}
