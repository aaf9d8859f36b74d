/**
 * GET /api/numbers (docs/numbers.md): every figure for the period and for the period of the
 * same length just before. An employeeId of another company is 404, like everywhere.
 */
import type { NumbersDTO, PeriodNumbersDTO, TNumbersQuery } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { employees } from "../../db/schema";
import { NotFound } from "../../errors";
import { callNumbers } from "./calls";
import { jobNumbers } from "./jobs";
import { moneyNumbers } from "./money";
import { onTimeNumbers } from "./on-time";
import { type NumbersScope, previousPeriod, scopeOf } from "./period";
import { utilizationNumbers } from "./utilization";

export const NUMBERS_EMPLOYEE_NOT_FOUND = "Employee not found";

/** 404 unless the technician asked for is the company's. */
export async function assertCompanyEmployee(companyId: string, employeeId: string | undefined) {
  if (!employeeId) return;
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
  if (!row) throw new NotFound(NUMBERS_EMPLOYEE_NOT_FOUND);
}

export async function periodNumbers(scope: NumbersScope): Promise<PeriodNumbersDTO> {
  const technicians = utilizationNumbers(scope);
  // Revenue per technician hour divides by the hours the utilization figure clocked.
  const clocked = () => technicians.then((rows) => rows.reduce((sum, row) => sum + row.clockedMinutes, 0));
  const [calls, utilization, onTime, jobs, money] = await Promise.all([
    callNumbers(scope),
    technicians,
    onTimeNumbers(scope),
    jobNumbers(scope),
    scope.employeeId ? undefined : moneyNumbers(scope, clocked()),
  ]);
  return { from: scope.from, to: scope.to, calls, utilization, onTime, jobs, ...(money ? { money } : {}) };
}

export async function loadNumbers(
  query: TNumbersQuery & { companyId: string },
  now = new Date(),
): Promise<NumbersDTO> {
  await assertCompanyEmployee(query.companyId, query.employeeId);
  const scope = await scopeOf(query, now);
  // One period after the other: each already asks about ten queries at once, and two at
  // once held the whole pool for a long period (a year), so a query waited past its limit.
  const current = await periodNumbers(scope);
  const previous = await periodNumbers({ ...scope, ...previousPeriod(scope.from, scope.to) });
  return { ...current, previous };
}
