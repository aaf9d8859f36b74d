import type { PlansDTO, SubscriptionInfoDTO } from "@sched/shared-types";
import { Card, Tag } from "antd";
import { formatDate } from "../../lib/dates";
import { daysText, formatPrice, statusLabel } from "./useSubscription";

const STATUS_COLORS: Record<string, string> = { trial: "blue", active: "green" };

/** One line on where the company stands, in words a dispatcher would use. */
function statusNote(info: SubscriptionInfoDTO): string | null {
  if (info.isFreeAccount) return "Your company has free access: no payment is needed.";
  switch (info.subscriptionStatus) {
    case "trial":
      return info.trialExpired
        ? "Your free trial has ended. You can still view and export your schedule; choose a plan to make changes again."
        : null;
    case "active":
      return info.currentPeriodEnd ? `Renews on ${formatDate(info.currentPeriodEnd)}.` : null;
    case "past_due":
    case "unpaid":
      return "Your last payment failed. Choose your plan again to pay and keep making changes.";
    case "canceled":
      return "Your subscription was canceled. Choose a plan to make changes again.";
    default:
      return "Your subscription is not active. Choose a plan to make changes again.";
  }
}

export function StatusCard({ info, plans }: { info: SubscriptionInfoDTO; plans: PlansDTO }) {
  const plan = plans[info.planType];
  const isLiveTrial = info.subscriptionStatus === "trial" && !info.trialExpired;
  const note = statusNote(info);
  return (
    <Card className="subscription-status">
      <div className="subscription-status__grid">
        <div>
          <div className="subscription-status__label">Current status</div>
          <div className="subscription-status__value">
            <Tag
              color={STATUS_COLORS[info.subscriptionStatus] ?? "red"}
              className="subscription-status__badge"
              data-testid="subscription-status"
            >
              {statusLabel(info.subscriptionStatus)}
            </Tag>
            {info.isFreeAccount ? <Tag color="purple">Free access</Tag> : null}
          </div>
        </div>
        <div>
          <div className="subscription-status__label">Plan</div>
          <div className="subscription-status__value">
            {plan.name} · {formatPrice(plan.price)} per month
          </div>
        </div>
        {isLiveTrial ? (
          <div>
            <div className="subscription-status__label">Free trial</div>
            <div className="subscription-status__value" data-testid="trial-days-left">
              {daysText(info.daysLeftInTrial)} left in your free trial
            </div>
          </div>
        ) : null}
      </div>
      {note ? <p className="subscription-status__note">{note}</p> : null}
    </Card>
  );
}
