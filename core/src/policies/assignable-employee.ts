/**
 * The one check that an employee can be given work (a job, a series): the employee is the
 * company's, and active, since the board lists active employees only and work given to
 * anyone else would vanish from it. 400 on `employeeId` otherwise.
 */
import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { employees } from "../db/schema";
import { BadRequest } from "../errors";

export const EMPLOYEE_NOT_IN_COMPANY = "Employee is not part of this company";
export const EMPLOYEE_INACTIVE = "Employee is not active";

export async function assertAssignableEmployee(executor: Executor, companyId: string, employeeId: string) {
  const [employee] = await executor
    .select({ isActive: employees.isActive })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId)));
  if (!employee)
    throw new BadRequest(EMPLOYEE_NOT_IN_COMPANY, [{ path: "employeeId", message: EMPLOYEE_NOT_IN_COMPANY }]);
  if (!employee.isActive)
    throw new BadRequest(EMPLOYEE_INACTIVE, [{ path: "employeeId", message: EMPLOYEE_INACTIVE }]);
}
