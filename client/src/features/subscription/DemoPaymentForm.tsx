import { ExperimentOutlined } from "@ant-design/icons";
import type { PlanDTO, PlanType } from "@sched/shared-types";
import { Alert, Button } from "antd";
import { useNavigate } from "react-router";
import { useShowFailure } from "../../components/FailureNotice";
import { SUCCESS_PATH } from "./paths";
import { formatPrice, useDemoPayment } from "./useSubscription";

type DemoPaymentFormProps = { companyId: string; planType: PlanType; plan: PlanDTO; onCancel: () => void };

/**
 * Demo billing mode (the server has no Stripe keys): says plainly that nothing is
 * charged; "paying" activates the plan on the server for one month.
 */
export function DemoPaymentForm({ companyId, planType, plan, onCancel }: DemoPaymentFormProps) {
  const showFailure = useShowFailure();
  const navigate = useNavigate();
  const payment = useDemoPayment(companyId);
  const price = formatPrice(plan.price);

  const pay = () =>
    payment.mutate(planType, {
      // The same return as Stripe's, so the success page confirms both the same way.
      onSuccess: () => void navigate(`${SUCCESS_PATH}?redirect_status=succeeded`),
      onError: (error) => showFailure("Payment Failed", error),
    });

  return (
    <div className="payment-form" data-testid="demo-payment-form">
      <Alert
        type="warning"
        showIcon
        icon={<ExperimentOutlined />}
        title="Demo billing mode: payments are simulated"
        description="This server is not connected to a payment provider. No card is needed and nothing is charged: paying activates the plan for one month."
      />
      <div className="payment-form__summary">
        <span>{plan.name} plan</span>
        <strong>{price} per month</strong>
      </div>
      <div className="payment-form__actions">
        <Button onClick={onCancel} disabled={payment.isPending}>
          Cancel
        </Button>
        <Button type="primary" onClick={pay} loading={payment.isPending}>
          Pay {price} (simulated)
        </Button>
      </div>
    </div>
  );
}
