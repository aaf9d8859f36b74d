/**
 * Reading time off (docs/time-off.md): the list the boards and My Day show, with the
 * privacy rule for technicians, and what the conflict engine and the sick-day re-plan read.
 */
import { type ConflictTimeOff, can, type TimeOffDTO, type TTimeOffListQuery } from "@sched/shared-types";
import { and, asc, eq, gte, lte, ne, or } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { timeOff } from "../db/schema";
import type { CompanyAccess } from "../policies/company-access";
import { linkedEmployeeOf } from "../policies/job-progress";
import { presentTimeOff, presentTimeOffToColleague } from "../presenters/time-off";

/** Time off that touches any day from `from` to `to` (both inclusive). */
const touching = (from: string, to: string) => and(lte(timeOff.startDate, to), gte(timeOff.endDate, from));

/** What the conflict engine reads: approved and pending time off touching from..to. */
export async function conflictTimeOffFor(
  companyId: string,
  from: string,
  to: string,
  executor: Executor = db,
): Promise<ConflictTimeOff[]> {
  return executor
    .select({
      employeeId: timeOff.employeeId,
      startDate: timeOff.startDate,
      endDate: timeOff.endDate,
      startTime: timeOff.startTime,
      endTime: timeOff.endTime,
      status: timeOff.status,
    })
    .from(timeOff)
    .where(and(eq(timeOff.companyId, companyId), ne(timeOff.status, "declined"), touching(from, to)));
}

/**
 * GET /api/time-off: the office sees everything; a member of the employee role sees their
 * own requests in full and the others' approved time off without kind or note.
 */
export async function listTimeOff(member: CompanyAccess, query: TTimeOffListQuery): Promise<TimeOffDTO[]> {
  // The role decides what is read, also after a trial ends (reads stay open).
  const office = can(member.role, "manageTimeOff");
  const own = office ? null : await linkedEmployeeOf(db, member);
  const rows = await db
    .select()
    .from(timeOff)
    .where(
      and(
        eq(timeOff.companyId, member.companyId),
        touching(query.from, query.to),
        query.employeeId ? eq(timeOff.employeeId, query.employeeId) : undefined,
        query.status ? eq(timeOff.status, query.status) : undefined,
        office
          ? undefined
          : own
            ? or(eq(timeOff.employeeId, own), eq(timeOff.status, "approved"))
            : eq(timeOff.status, "approved"),
      ),
    )
    .orderBy(asc(timeOff.startDate), asc(timeOff.createdAt));
  if (office) return rows.map(presentTimeOff);
  return rows.map((row) => (row.employeeId === own ? presentTimeOff(row) : presentTimeOffToColleague(row)));
}
