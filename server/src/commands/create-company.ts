import { trialEndFrom } from "../auth/subscription-state";
import type { Executor } from "../db/client";
import { companies, companyUsers } from "../db/schema";

/** A new company on a 14-day trial of the basic plan, owned by `ownerId`. */
export async function createCompanyForOwner(tx: Executor, ownerId: string, name: string, now = new Date()) {
  const [company] = await tx
    .insert(companies)
    .values({ name, ownerId, subscriptionStatus: "trial", planType: "basic", trialEndsAt: trialEndFrom(now) })
    .returning();
  await tx.insert(companyUsers).values({ companyId: company.id, userId: ownerId, role: "owner" });
  return company;
}
