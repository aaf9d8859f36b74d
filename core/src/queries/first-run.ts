/** A new company's first-run progress (docs/schedule.md), read from its own rows. */
import type { FirstRunProgressDTO } from "@sched/shared-types";
import { count, eq } from "drizzle-orm";
import { db } from "../db/client";
import { companyUsers, employeeInvitations, employees, jobs } from "../db/schema";

export async function loadFirstRunProgress(companyId: string): Promise<FirstRunProgressDTO> {
  const [[employee], [job], [invitation], [members]] = await Promise.all([
    db.select({ id: employees.id }).from(employees).where(eq(employees.companyId, companyId)).limit(1),
    db.select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, companyId)).limit(1),
    db
      .select({ id: employeeInvitations.id })
      .from(employeeInvitations)
      .where(eq(employeeInvitations.companyId, companyId))
      .limit(1),
    db.select({ total: count() }).from(companyUsers).where(eq(companyUsers.companyId, companyId)),
  ]);
  return {
    hasEmployee: Boolean(employee),
    hasJob: Boolean(job),
    hasInvitedMember: Boolean(invitation) || (members?.total ?? 0) > 1,
  };
}
