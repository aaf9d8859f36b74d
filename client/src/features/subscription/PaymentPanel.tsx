import type { BillingConfigDTO, PlanDTO, PlanType } from "@sched/shared-types";
import { Alert, Card } from "antd";
import { useEffect, useRef } from "react";
import { DemoPaymentForm } from "./DemoPaymentForm";
import { StripePaymentForm } from "./StripePaymentForm";

type PaymentPanelProps = {
  companyId: string;
  billing: BillingConfigDTO;
  planType: PlanType;
  plan: PlanDTO;
  /** Stripe mode: the first invoice's client secret from POST /api/create-subscription. */
  clientSecret: string | null;
  onCancel: () => void;
};

/** The payment form for the chosen plan: Stripe Elements with keys, the demo form without. */
export function PaymentPanel({
  companyId,
  billing,
  planType,
  plan,
  clientSecret,
  onCancel,
}: PaymentPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  // On a phone the form opens below the plan cards: bring it into view.
  useEffect(() => {
    panelRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, []);

  let form = null;
  if (billing.mode === "demo") {
    form = <DemoPaymentForm companyId={companyId} planType={planType} plan={plan} onCancel={onCancel} />;
  } else if (billing.mode === "unavailable" || !billing.publishableKey) {
    form = (
      <Alert
        type="error"
        showIcon
        title="Card payments are not set up yet"
        description="This server is not connected to a payment provider. Please contact support to pay."
      />
    );
  } else if (clientSecret) {
    form = (
      <StripePaymentForm
        publishableKey={billing.publishableKey}
        clientSecret={clientSecret}
        plan={plan}
        onCancel={onCancel}
      />
    );
  }

  return (
    <div ref={panelRef} className="payment-panel">
      <Card title={`Pay for the ${plan.name} plan`} data-testid="payment-panel">
        {form}
      </Card>
    </div>
  );
}
