/**
 * After a billing change commits: every member's banner and plan screen refresh
 * (subscription.updated), and a change of payment state goes to the bell.
 */
import type { Activity } from "../commands/record-activity";
import { recordActivity } from "../commands/record-activity";
import { publish } from "../realtime/publish";
import { planName } from "./plans";
import type { BillingChange } from "./sync-subscription";

const CHOOSE_PLAN_HINT = "Choose a plan on the Subscription page to keep making changes.";

/** What the bell says about a billing change, or null when nothing a member cares about changed. */
export function describeBillingChange({ before, after }: Omit<BillingChange, "companyId">): Activity | null {
  const plan = `${planName(after.planType)} plan`;
  if (before.status === after.status) {
    if (after.status === "active" && before.planType !== after.planType) {
      return { kind: "payment.updated", title: `Plan changed to ${planName(after.planType)}` };
    }
    return null;
  }
  switch (after.status) {
    case "active":
      return before.status === "past_due" || before.status === "unpaid"
        ? { kind: "payment.updated", title: "Payment received", detail: `The ${plan} is active again.` }
        : {
            kind: "payment.updated",
            title: "Subscription active",
            detail: `Thank you! The ${plan} is active.`,
          };
    case "past_due":
    case "unpaid":
      return { kind: "payment.updated", title: "Payment failed", detail: CHOOSE_PLAN_HINT };
    case "canceled":
      return { kind: "payment.updated", title: "Subscription canceled", detail: CHOOSE_PLAN_HINT };
    case "trial":
      return null;
    default:
      return { kind: "payment.updated", title: `Subscription ${after.status.replaceAll("_", " ")}` };
  }
}

export async function announceBillingChange(change: BillingChange, actorUserId?: string): Promise<void> {
  publish(change.companyId, "subscription.updated", { companyId: change.companyId });
  await recordActivity(change.companyId, describeBillingChange(change), actorUserId);
}
