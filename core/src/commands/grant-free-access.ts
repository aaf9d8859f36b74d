/**
 * Free access (docs/admin.md): a system administrator lets a company use everything
 * without paying. The company row says who granted it, when and why; the
 * free_access_event table keeps every grant and revoke for good.
 */
import type { AdminCompanyDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db, type Tx } from "../db/client";
import { companies, freeAccessEvents } from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { freeAccessMessage } from "../notifications/messages";
import { notifyMembersWho } from "../notifications/notify";
import { isTrialExpired } from "../policies/subscription-state";
import { presentAdminCompany } from "../presenters/admin";
import { publish } from "../publish";

export const COMPANY_NOT_FOUND = "Company not found";

export type CompanyRow = typeof companies.$inferSelect;

/** The company row, locked until the transaction ends so two admins cannot interleave. */
export async function lockCompany(tx: Tx, companyId: string): Promise<CompanyRow> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
  if (!company) throw new NotFound(COMPANY_NOT_FOUND);
  return company;
}

/** What the owner's bell says; the admin's reason stays internal. */
function freeAccessNews(company: CompanyRow): string {
  if (company.isFreeAccount) return freeAccessMessage("granted");
  if (company.subscriptionStatus === "active") return freeAccessMessage("ended_paid");
  return freeAccessMessage(isTrialExpired(company) ? "ended_trial_over" : "ended_back_on_trial");
}

/**
 * After commit: the company's screens refetch their subscription info (banner, read-only
 * state). The bell entry is not awaited: it logs its own failures and never undoes the change.
 */
export function announceFreeAccess(company: CompanyRow, adminUserId: string): AdminCompanyDTO {
  publish(company.id, "subscription.updated", { companyId: company.id });
  void notifyMembersWho(
    company.id,
    "manageBilling",
    { kind: "payment.updated", message: freeAccessNews(company) },
    adminUserId,
  );
  return presentAdminCompany(company);
}

/** Grants free access; 409 when the company already has it (the first grant's reason stays). */
export async function grantFreeAccess(
  companyId: string,
  adminUserId: string,
  notes: string,
  now = new Date(),
): Promise<AdminCompanyDTO> {
  const company = await db.transaction(async (tx) => {
    const locked = await lockCompany(tx, companyId);
    if (locked.isFreeAccount) throw new Conflict("This company already has free access");
    const [updated] = await tx
      .update(companies)
      .set({
        isFreeAccount: true,
        freeAccessGrantedBy: adminUserId,
        freeAccessGrantedAt: now,
        freeAccessNotes: notes,
      })
      .where(eq(companies.id, companyId))
      .returning();
    await tx
      .insert(freeAccessEvents)
      .values({ companyId, action: "grant", adminUserId, notes, createdAt: now });
    return updated;
  });
  return announceFreeAccess(company, adminUserId);
}
