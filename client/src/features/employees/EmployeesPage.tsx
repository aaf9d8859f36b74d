import { PlusOutlined, TeamOutlined } from "@ant-design/icons";
import type { EmployeeDTO } from "@sched/shared-types";
import { Button, Card, Empty, Result, Skeleton } from "antd";
import { useState } from "react";
import { PageTitle } from "../../components/PageTitle";
import { useCurrentCompany } from "../company/useCompanies";
import { DeleteEmployeeDialog } from "./DeleteEmployeeDialog";
import { EmployeeCard } from "./EmployeeCard";
import { EmployeeFormDialog } from "./EmployeeFormDialog";
import { canManageRoster } from "./roles";
import { useEmployees } from "./useEmployees";
import "./employees.css";

type FormState = { open: false } | { open: true; employee: EmployeeDTO | null };

export default function EmployeesPage() {
  const { companyId } = useCurrentCompany();
  if (!companyId) {
    return (
      <>
        <PageTitle title="Employee Management" />
        <Result status="info" title="Please select a company first" />
      </>
    );
  }
  return <EmployeeRoster companyId={companyId} />;
}

function EmployeeRoster({ companyId }: { companyId: string }) {
  const { role } = useCurrentCompany();
  const canManage = canManageRoster(role);
  const { data: employees, isPending, isError, refetch } = useEmployees(companyId);
  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<EmployeeDTO | null>(null);
  const openAdd = () => setForm({ open: true, employee: null });

  return (
    <div className="employees-page">
      <div className="page-header">
        <PageTitle
          title="Employee Management"
          subtitle="The people you schedule, with their colour on the board."
        />
        {canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
            Add Employee
          </Button>
        ) : null}
      </div>

      {isPending ? (
        <div className="employee-grid" data-testid="employees-loading">
          {[0, 1, 2].map((n) => (
            <Card key={n} size="small">
              <Skeleton avatar active paragraph={{ rows: 1 }} />
            </Card>
          ))}
        </div>
      ) : isError ? (
        <Result
          status="warning"
          title="Failed to fetch employees"
          extra={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : employees.length === 0 ? (
        <Card className="employees-empty" data-testid="employees-empty">
          <Empty
            image={<TeamOutlined className="employees-empty__icon" />}
            description={
              <>
                <div className="employees-empty__title">No employees yet</div>
                <div>
                  {canManage
                    ? "Add your first employee to start planning their jobs."
                    : "An owner or admin adds the people you schedule."}
                </div>
              </>
            }
          >
            {canManage ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
                Add Your First Employee
              </Button>
            ) : null}
          </Empty>
        </Card>
      ) : (
        <div className="employee-grid">
          {employees.map((employee) => (
            <EmployeeCard
              key={employee.id}
              employee={employee}
              canManage={canManage}
              onEdit={(chosen) => setForm({ open: true, employee: chosen })}
              onDelete={setDeleting}
            />
          ))}
        </div>
      )}

      <EmployeeFormDialog
        companyId={companyId}
        open={form.open}
        employee={form.open ? form.employee : null}
        onClose={() => setForm({ open: false })}
      />
      <DeleteEmployeeDialog companyId={companyId} employee={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
