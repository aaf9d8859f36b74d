/** Adding and changing roster employees (docs/roster-templates-history.md). */
import type { EmployeeDTO, TEmployeeCreate, TEmployeeUpdate } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { employees } from "../db/schema";
import { NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { presentEmployee } from "../presenters/employees";
import { publish } from "../publish";
import { knownSkills } from "../queries/company-skills";
import { assertCurrentVersion, nextVersion } from "./versions";

export const EMPLOYEE_NOT_FOUND = "Employee not found";

export async function createEmployee(member: CompanyAccess, input: TEmployeeCreate): Promise<EmployeeDTO> {
  const { name, initials, avatarColor, isActive, availability, phone, email } = input;
  // Only names on the company's list (400 "Unknown skill: gas"), spelled as the list spells them.
  const skills = await knownSkills(member.companyId, input.skills ?? [], "skills");
  const [row] = await db
    .insert(employees)
    .values({
      companyId: member.companyId,
      name,
      initials,
      avatarColor,
      isActive,
      availability: availability ?? [],
      phone: phone ?? null,
      email: email ?? null,
      skills,
    })
    .returning();
  const employee = presentEmployee(row);
  publish(member.companyId, "employee.created", employee);
  return employee;
}

/** Changes an employee on its locked row, from the version the client last saw (409 stale when another). */
export async function updateEmployee(
  member: CompanyAccess,
  employeeId: string,
  input: TEmployeeUpdate,
  expectedVersion?: number,
): Promise<EmployeeDTO> {
  const { name, initials, avatarColor, isActive, availability, phone, email } = input;
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(employees).where(eq(employees.id, employeeId)).for("update");
    if (!locked) throw new NotFound(EMPLOYEE_NOT_FOUND);
    await assertCurrentVersion(tx, locked, expectedVersion, "employee", () => presentEmployee(locked));
    const skills =
      input.skills === undefined
        ? undefined
        : await knownSkills(member.companyId, input.skills, "skills", [], tx);
    const [updated] = await tx
      .update(employees)
      .set({
        name,
        initials,
        avatarColor,
        isActive,
        availability,
        phone,
        email,
        skills,
        ...nextVersion(locked, member.userId),
      })
      .where(eq(employees.id, employeeId))
      .returning();
    return updated;
  });
  const employee = presentEmployee(row);
  publish(member.companyId, "employee.updated", employee);
  return employee;
}
