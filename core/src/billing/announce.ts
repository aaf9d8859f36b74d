/**
 * After a billing change commits: every member's banner and plan screen refresh
 * (subscription.updated), and a change of payment state goes to the owner's bell
 * (docs/realtime.md): the owner pays, so only they are told.
 */
import { billingMessage } from "../notifications/messages";
import { notifyMembersWho } from "../notifications/notify";
import { publish } from "../publish";
import { planName } from "./plans";
import type { BillingChange } from "./sync-subscription";

/** What the bell says about a billing change, or null when nothing the owner cares about changed. */
export function describeBillingChange({ before, after }: Omit<BillingChange, "companyId">): string | null {
  return billingMessage({ before, after, planName: planName(after.planType) });
}

export async function announceBillingChange(change: BillingChange, actorUserId?: string): Promise<void> {
  publish(change.companyId, "subscription.updated", { companyId: change.companyId });
  const message = describeBillingChange(change);
  if (message) {
    await notifyMembersWho(
      change.companyId,
      "manageBilling",
      { kind: "payment.updated", message },
      actorUserId,
    );
  }
}
