import type { CompanyDTO } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { companies, companyUsers } from "../db/schema";
import { NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { presentCompany } from "../presenters/users";

/** The member's company with their role and roster link there (the header shows its name). */
export async function loadCompany(member: CompanyAccess): Promise<CompanyDTO> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, employeeId: companyUsers.employeeId })
    .from(companies)
    .innerJoin(
      companyUsers,
      and(eq(companyUsers.companyId, companies.id), eq(companyUsers.userId, member.userId)),
    )
    .where(eq(companies.id, member.companyId));
  // The door has just read the membership; only a deletion in between leaves nothing here.
  if (!company) throw new NotFound();
  return presentCompany(company, { role: member.role, employeeId: company.employeeId });
}
