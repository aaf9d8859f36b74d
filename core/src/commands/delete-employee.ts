import { and, count, eq } from "drizzle-orm";
import { db } from "../db/client";
import { chatMessages, employees, jobs } from "../db/schema";
import { Conflict } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { publish } from "../publish";

export type EmployeeDeletion =
  | { isDeleted: true; jobCount: number; messageCount: number }
  | { isDeleted: false; jobCount: number; messageCount: number };

/**
 * Deletes a roster employee, their jobs and their chat messages (the foreign keys
 * cascade). Unless `isConfirmed`, an employee who still has jobs or messages is left
 * alone and the counts come back, so the person deleting can be told what would go
 * (or deactivate instead). The employee row is locked first: a job added meanwhile
 * waits for this transaction, so the counts cannot go stale between check and delete.
 */
async function deleteIfAlone(
  companyId: string,
  employeeId: string,
  isConfirmed: boolean,
): Promise<EmployeeDeletion> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId)))
      .for("update");
    const [[jobRow], [messageRow]] = await Promise.all([
      tx.select({ value: count() }).from(jobs).where(eq(jobs.employeeId, employeeId)),
      tx.select({ value: count() }).from(chatMessages).where(eq(chatMessages.employeeId, employeeId)),
    ]);
    const jobCount = jobRow?.value ?? 0;
    const messageCount = messageRow?.value ?? 0;
    if (!isConfirmed && jobCount + messageCount > 0) return { isDeleted: false, jobCount, messageCount };
    await tx.delete(employees).where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId)));
    return { isDeleted: true, jobCount, messageCount };
  });
}

/**
 * Deletes the employee, or answers 409 `{code: "conflict", jobCount, messageCount}` when
 * they still have jobs or messages and the deletion is not confirmed: the client then
 * offers Deactivate instead (docs/roster-templates-history.md).
 */
export async function deleteEmployee(
  member: CompanyAccess,
  employee: { id: string; name: string },
  isConfirmed: boolean,
): Promise<void> {
  const result = await deleteIfAlone(member.companyId, employee.id, isConfirmed);
  if (!result.isDeleted) {
    const { jobCount, messageCount } = result;
    throw new Conflict(
      `${employee.name} has ${describeEmployeeBelongings(jobCount, messageCount)} that would be deleted too. Deactivate instead to keep them in the history.`,
      { jobCount, messageCount },
    );
  }
  publish(member.companyId, "employee.deleted", { id: employee.id, companyId: member.companyId });
}

/** "3 jobs and 1 chat message": what goes with an employee, for the confirmation. */
export function describeEmployeeBelongings(jobCount: number, messageCount: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `${plural(jobCount, "job")} and ${plural(messageCount, "chat message")}`;
}
