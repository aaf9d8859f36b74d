import type { AdminCompanyDTO, PlanType } from "@sched/shared-types";
import type { companies } from "../db/schema";

/** A company as the admin dashboard sees it (docs/admin.md): no billing ids, no e-mail bookkeeping. */
export function presentAdminCompany(row: typeof companies.$inferSelect): AdminCompanyDTO {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.ownerId,
    isFreeAccount: row.isFreeAccount,
    subscriptionStatus: row.subscriptionStatus,
    planType: row.planType as PlanType,
    trialEndsAt: row.trialEndsAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    freeAccessGrantedAt: row.freeAccessGrantedAt?.toISOString() ?? null,
    freeAccessNotes: row.freeAccessNotes,
  };
}
