import type { EmployeeDTO, MemberDTO } from "@sched/shared-types";

/** The roster employees a member may be linked to: their own and everyone nobody else is. */
export function linkableEmployees(
  employees: readonly EmployeeDTO[],
  members: readonly MemberDTO[],
  currentId: string | null,
): EmployeeDTO[] {
  const taken = new Set(members.map((member) => member.employeeId).filter((id) => id && id !== currentId));
  return employees
    .filter((employee) => !taken.has(employee.id) && (employee.isActive || employee.id === currentId))
    .sort((a, b) => a.name.localeCompare(b.name));
}
