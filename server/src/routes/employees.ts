import {
  type EmployeeDeleteConflict,
  ZEmployeeCreate,
  ZEmployeeDeleteQuery,
  ZEmployeeUpdate,
} from "@sched/shared-types";
import { asc, eq } from "drizzle-orm";
import { Router } from "express";
import { authorize, memberOf, requireCompany } from "../auth/company-access";
import { requireUser } from "../auth/session";
import { deleteEmployee, describeEmployeeBelongings } from "../commands/delete-employee";
import { db } from "../db/client";
import { employees } from "../db/schema";
import { loadScoped } from "../db/scoped";
import { parseOrThrow, validate } from "../middleware/validate";
import { presentEmployee } from "../presenters/employees";
import { publish } from "../realtime/publish";

export const employeesRouter = Router();

export const EMPLOYEE_NOT_FOUND = "Employee not found";

employeesRouter.get("/", requireUser, requireCompany("read"), async (req, res) => {
  const rows = await db
    .select()
    .from(employees)
    .where(eq(employees.companyId, memberOf(req).companyId))
    .orderBy(asc(employees.name));
  res.json(rows.map(presentEmployee));
});

employeesRouter.post(
  "/",
  requireUser,
  validate(ZEmployeeCreate),
  requireCompany("manageRoster"),
  async (req, res) => {
    const { companyId } = memberOf(req);
    const { name, initials, avatarColor, isActive } = req.body;
    const [row] = await db
      .insert(employees)
      .values({ companyId, name, initials, avatarColor, isActive })
      .returning();
    const employee = presentEmployee(row);
    publish(companyId, "employee.created", employee);
    res.status(201).json(employee);
  },
);

employeesRouter.put("/:id", requireUser, validate(ZEmployeeUpdate), async (req, res) => {
  const { member } = await loadScoped(employees, req.params.id as string, req.userId!, EMPLOYEE_NOT_FOUND);
  authorize(member, "manageRoster");
  const { name, initials, avatarColor, isActive } = req.body;
  const [row] = await db
    .update(employees)
    .set({ name, initials, avatarColor, isActive })
    .where(eq(employees.id, req.params.id as string))
    .returning();
  const employee = presentEmployee(row);
  publish(member.companyId, "employee.updated", employee);
  res.json(employee);
});

/**
 * Deleting takes the employee's jobs and chat messages with them (the history keeps
 * weeks, not people). So an employee who has any answers 409 with the counts unless
 * `?confirm=true`, and the client offers Deactivate (PUT isActive=false) instead.
 */
employeesRouter.delete("/:id", requireUser, async (req, res) => {
  const { confirm } = parseOrThrow(ZEmployeeDeleteQuery, req.query);
  const { row, member } = await loadScoped(
    employees,
    req.params.id as string,
    req.userId!,
    EMPLOYEE_NOT_FOUND,
  );
  authorize(member, "manageRoster");
  const result = await deleteEmployee(member.companyId, row.id, confirm);
  if (!result.isDeleted) {
    const body: EmployeeDeleteConflict = {
      message: `${row.name} has ${describeEmployeeBelongings(result.jobCount, result.messageCount)} that would be deleted too. Deactivate instead to keep them in the history.`,
      jobCount: result.jobCount,
      messageCount: result.messageCount,
    };
    res.status(409).json(body);
    return;
  }
  publish(member.companyId, "employee.deleted", { id: row.id, companyId: member.companyId });
  res.status(204).end();
});
