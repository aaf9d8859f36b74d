/**
 * Linking a member to the roster employee they are (docs/team-and-invitations.md): a member
 * is at most one employee of the same company and an employee at most one member. The
 * unique index company_user_employee_idx holds the second rule under races; a link that
 * loses one answers the same 409 as a link checked beforehand.
 */
import type { MemberDTO } from "@sched/shared-types";
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor, type Tx } from "../db/client";
import { companyUsers, employees, users } from "../db/schema";
import { Conflict, NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { presentMember } from "../presenters/team";
import { publish } from "../publish";
import { MEMBER_NOT_FOUND } from "./remove-member";
import { EMPLOYEE_NOT_FOUND } from "./save-employee";

const EMPLOYEE_LINK_INDEX = "company_user_employee_idx";

const fieldOf = (value: unknown, name: string): unknown =>
  value && typeof value === "object" && name in value ? Reflect.get(value, name) : undefined;

/** Whether PostgreSQL refused with `sqlState` (on `error` or a cause Drizzle wraps it in), on `constraint` if named. */
function refusedWith(error: unknown, sqlState: string, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    if (
      fieldOf(current, "code") === sqlState &&
      (constraint === undefined || fieldOf(current, "constraint") === constraint)
    )
      return true;
    current = fieldOf(current, "cause");
  }
  return false;
}

const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";

/** A second link of one employee, refused by the unique index. */
const isEmployeeLinkTaken = (error: unknown) => refusedWith(error, UNIQUE_VIOLATION, EMPLOYEE_LINK_INDEX);

/** The roster employee, if it is the company's; else 404 (an unknown id answers the same). */
export async function findCompanyEmployee(executor: Executor, companyId: string, employeeId: string) {
  const [employee] = await executor
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId)))
    .limit(1);
  if (!employee) throw new NotFound(EMPLOYEE_NOT_FOUND);
  return employee;
}

/** The 409 for an employee already linked to another member, naming both. */
async function alreadyLinked(executor: Executor, employeeId: string, exceptUserId: string) {
  const [holder] = await executor
    .select({ employee: employees.name, firstName: users.firstName, lastName: users.lastName })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .innerJoin(employees, eq(employees.id, companyUsers.employeeId))
    .where(and(eq(companyUsers.employeeId, employeeId), ne(companyUsers.userId, exceptUserId)))
    .limit(1);
  if (!holder) return undefined;
  return new Conflict(`${holder.employee} is already linked to ${holder.firstName} ${holder.lastName}`);
}

/**
 * A calendar feed address belongs to one member and one employee (docs/settings.md):
 * a link that changes the employee, or an unlink, retires it, so an old
 * address never shows another employee's jobs. Read in the UPDATE, so it sees the link
 * being replaced.
 */
const feedKeptWhenLinkedTo = (employeeId: string | null) =>
  sql`case when ${companyUsers.employeeId} is not distinct from ${employeeId}::uuid then ${companyUsers.calendarTokenHash} end`;

/**
 * Links the membership to `employeeId` when no other member holds it, inside `tx` (a
 * savepoint, so losing a race leaves the caller's transaction usable). Returns the updated
 * membership, or undefined when the employee is taken (or was deleted meanwhile).
 */
export async function linkIfFree(tx: Tx, membershipId: string, employeeId: string) {
  try {
    return await tx.transaction(async (savepoint) => {
      const [holder] = await savepoint
        .select({ id: companyUsers.id })
        .from(companyUsers)
        .where(eq(companyUsers.employeeId, employeeId))
        .limit(1);
      if (holder) return undefined;
      const [linked] = await savepoint
        .update(companyUsers)
        .set({ employeeId, calendarTokenHash: feedKeptWhenLinkedTo(employeeId) })
        .where(eq(companyUsers.id, membershipId))
        .returning();
      return linked;
    });
  } catch (error) {
    if (isEmployeeLinkTaken(error) || refusedWith(error, FOREIGN_KEY_VIOLATION)) return undefined;
    throw error;
  }
}

/**
 * PUT /api/companies/:companyId/users/:userId: links the member `userId` of the actor's
 * company to `employeeId`, or unlinks them (null). 404 for a user who is not a member and
 * for an employee of another company; 409 when another member holds the employee.
 */
export async function linkMember(
  actor: CompanyAccess,
  userId: string,
  employeeId: string | null,
): Promise<MemberDTO> {
  if (!z.uuid().safeParse(userId).success) throw new NotFound(MEMBER_NOT_FOUND);
  const { companyId } = actor;
  let member: MemberDTO;
  try {
    member = await db.transaction(async (tx) => {
      const [target] = await tx
        .select({
          id: companyUsers.id,
          user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
        })
        .from(companyUsers)
        .innerJoin(users, eq(users.id, companyUsers.userId))
        .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
        .limit(1);
      if (!target) throw new NotFound(MEMBER_NOT_FOUND);
      if (employeeId) {
        await findCompanyEmployee(tx, companyId, employeeId);
        const taken = await alreadyLinked(tx, employeeId, userId);
        if (taken) throw taken;
      }
      const [membership] = await tx
        .update(companyUsers)
        .set({ employeeId, calendarTokenHash: feedKeptWhenLinkedTo(employeeId) })
        .where(eq(companyUsers.id, target.id))
        .returning();
      // Removed in between: the member is gone like one that never was.
      if (!membership) throw new NotFound(MEMBER_NOT_FOUND);
      return presentMember({ membership, user: target.user });
    });
  } catch (error) {
    // Two links of one employee at once: both found it free, the index let one through.
    if (employeeId && isEmployeeLinkTaken(error)) {
      throw (await alreadyLinked(db, employeeId, userId)) ?? error;
    }
    throw error;
  }
  // The Team screens and the linked person's own screens (My Day, chat) follow at once.
  publish(companyId, "member.updated", { ...member, companyId });
  return member;
}
