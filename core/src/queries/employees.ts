import type { EmployeeDTO } from "@sched/shared-types";
import { asc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { employees } from "../db/schema";
import { presentEmployee } from "../presenters/employees";

/** The company's roster, by name. */
export async function listEmployees(companyId: string): Promise<EmployeeDTO[]> {
  const rows = await db
    .select()
    .from(employees)
    .where(eq(employees.companyId, companyId))
    .orderBy(asc(employees.name));
  return rows.map(presentEmployee);
}
