import { PlusOutlined, TeamOutlined } from "@ant-design/icons";
import type { EmployeeDTO } from "@sched/shared-types";
import { Button, Skeleton } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { CompanyScreen } from "../../components/CompanyScreen";
import { EmptyCard, ListBody } from "../../components/ListBody";
import { PageTitle } from "../../components/PageTitle";
import { TrialLock } from "../../components/TrialLock";
import { useCan } from "../../entities/company/useCompanies";
import { useEmployees } from "../../entities/employee/useEmployees";
import { InviteDialog } from "../team/InviteDialog";
import { useMembers } from "../team/useTeam";
import { DeleteEmployeeDialog } from "./DeleteEmployeeDialog";
import { EmployeeCard } from "./EmployeeCard";
import { EmployeeFormDialog } from "./EmployeeFormDialog";
import "./employees.css";

type FormState = { open: false } | { open: true; employee: EmployeeDTO | null };

export default function EmployeesPage() {
  return (
    <CompanyScreen title="Employee Management">
      {(companyId) => <EmployeeRoster companyId={companyId} />}
    </CompanyScreen>
  );
}

function EmployeeRoster({ companyId }: { companyId: string }) {
  const canManage = useCan("manageRoster");
  const employeesQuery = useEmployees(companyId);
  const employees = employeesQuery.data;
  // "?add=1" (Add Job's "Add an employee first") opens Add Employee at once.
  const [searchParams] = useSearchParams();
  const [form, setForm] = useState<FormState>(() =>
    canManage && searchParams.get("add") === "1" ? { open: true, employee: null } : { open: false },
  );
  const [deleting, setDeleting] = useState<EmployeeDTO | null>(null);
  const openAdd = () => setForm({ open: true, employee: null });
  // Owners and admins invite a roster employee to sign in as themselves (docs/team-and-invitations.md).
  const canInvite = useCan("manageTeam");
  const members = useMembers(companyId, canInvite);
  const [inviting, setInviting] = useState<EmployeeDTO | null>(null);
  const memberNameOf = (employee: EmployeeDTO) => {
    const member = members.data?.find((candidate) => candidate.employeeId === employee.id);
    return member ? `${member.user.firstName} ${member.user.lastName}`.trim() : null;
  };

  return (
    <div className="employees-page">
      <div className="page-header">
        <PageTitle
          title="Employee Management"
          subtitle="The people you schedule, with their colour on the board."
        />
        {canManage ? (
          <TrialLock action="manageRoster">
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openAdd}>
              Add Employee
            </Button>
          </TrialLock>
        ) : null}
      </div>

      <ListBody
        query={employeesQuery}
        listClassName="employee-grid"
        loadingTestId="employees-loading"
        skeleton={<Skeleton avatar active paragraph={{ rows: 1 }} />}
        errorTitle="Failed to fetch employees"
        empty={
          <EmptyCard
            className="employees-empty"
            testId="employees-empty"
            icon={TeamOutlined}
            title="No employees yet"
            text={
              canManage
                ? "Add your first employee to start planning their jobs."
                : "An owner or admin adds the people you schedule."
            }
            action={
              canManage ? (
                <TrialLock action="manageRoster">
                  <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openAdd}>
                    Add Your First Employee
                  </Button>
                </TrialLock>
              ) : null
            }
          />
        }
      >
        {(roster) => (
          <div className="employee-grid">
            {roster.map((employee) => (
              <EmployeeCard
                key={employee.id}
                employee={employee}
                canManage={canManage}
                onEdit={(chosen) => setForm({ open: true, employee: chosen })}
                onDelete={setDeleting}
                memberName={memberNameOf(employee)}
                onInvite={canInvite && members.data ? setInviting : undefined}
              />
            ))}
          </div>
        )}
      </ListBody>

      <EmployeeFormDialog
        companyId={companyId}
        open={form.open}
        employee={form.open ? form.employee : null}
        onClose={() => setForm({ open: false })}
      />
      <DeleteEmployeeDialog companyId={companyId} employee={deleting} onClose={() => setDeleting(null)} />
      {/* Mounted only while open: a closed, kept-mounted dialog would take Escape from the employee dialog. */}
      {canInvite && inviting !== null ? (
        <InviteDialog
          companyId={companyId}
          open={inviting !== null}
          onClose={() => setInviting(null)}
          employees={employees}
          members={members.data}
          // The roster keeps no e-mail address yet: the owner types it.
          preset={inviting ? { employeeId: inviting.id } : undefined}
        />
      ) : null}
    </div>
  );
}
