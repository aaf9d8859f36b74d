/**
 * Revoking free access returns the company to its trial (docs/admin.md). The trial
 * keeps its original end date: free access is a gift, not a fresh trial, so a company
 * whose 14 days ran out long ago is back to an expired trial (read-only until it picks
 * a plan), and one that was granted access mid-trial gets its remaining days back.
 * Granting and revoking can therefore never be used to restart a trial. A company that
 * pays (status active) stays paid: revoking never takes away a subscription it pays for.
 */
import type { AdminCompanyDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { companies, freeAccessEvents } from "../db/schema";
import { Conflict } from "../errors";
import { announceFreeAccess, lockCompany } from "./grant-free-access";

export async function revokeFreeAccess(
  companyId: string,
  adminUserId: string,
  now = new Date(),
): Promise<AdminCompanyDTO> {
  const revoked = await db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (!company.isFreeAccount) throw new Conflict("This company does not have free access");
    const [updated] = await tx
      .update(companies)
      .set({
        isFreeAccount: false,
        subscriptionStatus: company.subscriptionStatus === "active" ? "active" : "trial",
        // The grant's who/when/why live on in free_access_event; the row describes the present.
        freeAccessGrantedBy: null,
        freeAccessGrantedAt: null,
        freeAccessNotes: null,
      })
      .where(eq(companies.id, companyId))
      .returning();
    await tx.insert(freeAccessEvents).values({ companyId, action: "revoke", adminUserId, createdAt: now });
    return updated;
  });
  return announceFreeAccess(revoked, adminUserId);
}
