import type { CompanyDTO, TCompanyCreate } from "@sched/shared-types";
import { db, type Executor } from "../db/client";
import { companies, companyUsers } from "../db/schema";
import { trialEndFrom } from "../policies/subscription-state";
import { presentCompany } from "../presenters/users";
import { startCompanySettings } from "./save-company-settings";

/** A new company on a 14-day trial of the basic plan, owned by `ownerId`. */
export async function createCompanyForOwner(tx: Executor, ownerId: string, name: string, now = new Date()) {
  const [company] = await tx
    .insert(companies)
    .values({ name, ownerId, subscriptionStatus: "trial", planType: "basic", trialEndsAt: trialEndFrom(now) })
    .returning();
  await tx.insert(companyUsers).values({ companyId: company.id, userId: ownerId, role: "owner" });
  return company;
}

/** POST /api/companies: another company for a signed-in user, who owns it, in their time zone when given (docs/api.md). */
export async function createCompany(ownerId: string, input: TCompanyCreate): Promise<CompanyDTO> {
  const company = await db.transaction(async (tx) => {
    const created = await createCompanyForOwner(tx, ownerId, input.name);
    await startCompanySettings(tx, created.id, { timeZone: input.timeZone });
    return created;
  });
  return presentCompany(company, { role: "owner", employeeId: null });
}
