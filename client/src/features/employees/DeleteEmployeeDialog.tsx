import { ExclamationCircleFilled } from "@ant-design/icons";
import type { EmployeeDeleteConflict, EmployeeDTO } from "@sched/shared-types";
import { Button, Modal } from "antd";
import { useEffect, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { useStaleChange } from "../../components/useStaleChange";
import { useDeleteEmployee, useUpdateEmployee } from "../../entities/employee/useEmployees";
import { isApiError } from "../../lib/api";
import { differingFields } from "../../lib/staleChange";
import { useFeedback } from "../../ui/feedback";
import { EMPLOYEE_LABELS, employeeFormValues } from "./employeeChanges";

type DeleteEmployeeDialogProps = { companyId: string; employee: EmployeeDTO | null; onClose: () => void };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

type Belongings = Pick<EmployeeDeleteConflict, "jobCount" | "messageCount">;

/** "2 jobs", "1 chat message": only what there is. */
const belongings = ({ jobCount, messageCount }: Belongings) =>
  [
    jobCount > 0 ? plural(jobCount, "job") : null,
    messageCount > 0 ? plural(messageCount, "chat message") : null,
  ].filter((part): part is string => part !== null);

/** The counts of a 409 answer to DELETE /api/employees/:id, or null for any other failure. */
function conflictOf(error: unknown): Belongings | null {
  if (!isApiError(error, "conflict") || !error.body) return null;
  const { jobCount, messageCount } = error.body;
  return typeof jobCount === "number" && typeof messageCount === "number" ? { jobCount, messageCount } : null;
}

/**
 * Removing an employee: a plain confirmation first. When the server answers that jobs or
 * chat messages would go with them, the dialog says how many and offers Deactivate
 * instead (off the schedule, kept in the history); nothing is deleted without that.
 */
export function DeleteEmployeeDialog({ companyId, employee, onClose }: DeleteEmployeeDialogProps) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const deleteEmployee = useDeleteEmployee();
  const updateEmployee = useUpdateEmployee(companyId);
  const [conflict, setConflict] = useState<Belongings | null>(null);
  const { resolveStale, staleDialog } = useStaleChange();

  useEffect(() => {
    if (employee) setConflict(null);
  }, [employee]);

  if (!employee) return null;

  const remove = (confirm: boolean) =>
    deleteEmployee.mutate(
      { id: employee.id, confirm },
      {
        onSuccess: () => {
          notification.success({ title: "Success", description: "Employee has been removed" });
          onClose();
        },
        onError: (error) => {
          const found = conflictOf(error);
          if (found) {
            setConflict(found);
            return;
          }
          showFailure("Failed to remove employee. Please try again.", error);
        },
      },
    );

  // From the version on screen: someone else's change in between is shown before anything is saved.
  const deactivate = (version = employee.version) =>
    updateEmployee.mutate(
      { id: employee.id, isActive: false, version },
      {
        onSuccess: () => {
          notification.success({ title: "Success", description: "Employee has been deactivated" });
          onClose();
        },
        onError: (error) => {
          const isStale = resolveStale<EmployeeDTO>(error, {
            root: "employees",
            describe: (current) =>
              differingFields({ isActive: false }, employeeFormValues(current), EMPLOYEE_LABELS),
            onApply: (current) => deactivate(current.version),
            onKeep: onClose,
          });
          if (isStale) return;
          showFailure("Failed to update employee. Please try again.", error);
        },
      },
    );

  const isBusy = deleteEmployee.isPending || updateEmployee.isPending;
  const footer = conflict
    ? [
        <Button key="cancel" className="delete-employee__cancel" onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>,
        employee.isActive ? (
          <Button
            key="deactivate"
            type="primary"
            className="delete-employee__deactivate"
            onClick={() => deactivate()}
            loading={updateEmployee.isPending}
          >
            Deactivate instead
          </Button>
        ) : null,
        <Button
          key="delete"
          danger
          className="delete-employee__delete"
          onClick={() => remove(true)}
          loading={deleteEmployee.isPending}
        >
          Delete all
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>,
        <Button key="remove" danger type="primary" onClick={() => remove(false)} loading={isBusy}>
          Remove
        </Button>,
      ];

  return (
    <>
      <Modal
        open
        title={
          <span className="delete-employee__title">
            <ExclamationCircleFilled className="delete-employee__icon" /> Remove {employee.name}?
          </span>
        }
        onCancel={onClose}
        footer={<div className="delete-employee__actions">{footer}</div>}
        className="delete-employee"
        data-testid="delete-employee-dialog"
      >
        {conflict ? (
          <div data-testid="delete-employee-conflict">
            <p>
              {employee.name} has{" "}
              {belongings(conflict).map((part, index) => (
                <span key={part}>
                  {index > 0 ? " and " : ""}
                  <strong>{part}</strong>
                </span>
              ))}
              . Deleting {employee.name} deletes them too, and they cannot be brought back.
            </p>
            {employee.isActive ? (
              <p>
                Deactivate instead to take {employee.name} off the schedule and keep their jobs in the
                history.
              </p>
            ) : null}
          </div>
        ) : (
          <p>{employee.name} will be removed from the roster.</p>
        )}
      </Modal>
      {staleDialog}
    </>
  );
}
