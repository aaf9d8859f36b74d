import { CheckOutlined } from "@ant-design/icons";
import type { PlanDTO, PlanType } from "@sched/shared-types";
import { Button, Card } from "antd";
import { formatPrice } from "./useSubscription";

type PlanCardProps = {
  planType: PlanType;
  plan: PlanDTO;
  /** The plan the company pays for now (active subscription). */
  isCurrent: boolean;
  isChosen: boolean;
  /** Owners only: everyone else sees the plans without a button. */
  canChoose: boolean;
  /** The company pays for another plan: choosing this one is a switch. */
  isSwitch: boolean;
  isBusy: boolean;
  onChoose: (planType: PlanType) => void;
};

export function PlanCard({
  planType,
  plan,
  isCurrent,
  isChosen,
  canChoose,
  isSwitch,
  isBusy,
  onChoose,
}: PlanCardProps) {
  const classes = ["plan-card", isCurrent ? "plan-card--current" : "", isChosen ? "plan-card--chosen" : ""];
  let action = null;
  if (canChoose && isCurrent) {
    action = (
      <Button block disabled>
        Current plan
      </Button>
    );
  } else if (canChoose && isChosen) {
    action = (
      <Button block icon={<CheckOutlined aria-hidden />} onClick={() => onChoose(planType)} loading={isBusy}>
        Selected
      </Button>
    );
  } else if (canChoose) {
    action = (
      <Button block type="primary" loading={isBusy} onClick={() => onChoose(planType)}>
        {isSwitch ? `Switch to ${plan.name}` : `Choose ${plan.name}`}
      </Button>
    );
  }
  return (
    <Card className={classes.filter(Boolean).join(" ")} data-testid={`plan-${planType}`}>
      <div className="plan-card__head">
        <h2 className="plan-card__name">{plan.name}</h2>
        {isCurrent ? <span className="plan-card__current">Your plan</span> : null}
      </div>
      <div className="plan-card__price">
        <span className="plan-card__amount">{formatPrice(plan.price)}</span>
        <span className="plan-card__period">per month</span>
      </div>
      <ul className="plan-card__features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckOutlined className="plan-card__check" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {action}
    </Card>
  );
}
