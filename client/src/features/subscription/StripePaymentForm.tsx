import { LockOutlined } from "@ant-design/icons";
import type { PlanDTO } from "@sched/shared-types";
import { Alert, Button, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { useFeedback } from "../../ui/feedback";
import { SUCCESS_PATH } from "./paths";
import { loadStripe, type StripeElements, type StripeJs, type StripePaymentElement } from "./stripeJs";
import { formatPrice } from "./useSubscription";

type StripePaymentFormProps = {
  publishableKey: string;
  clientSecret: string;
  plan: PlanDTO;
  onCancel: () => void;
};

/**
 * Stripe's Payment Element for the subscription's first invoice. On success Stripe
 * leaves for /subscription-success; the webhook then makes the plan active.
 */
export function StripePaymentForm({ publishableKey, clientSecret, plan, onCancel }: StripePaymentFormProps) {
  const { notification } = useFeedback();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ client: StripeJs; elements: StripeElements } | null>(null);
  const [isReady, setIsReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isPaying, setIsPaying] = useState(false);

  useEffect(() => {
    let isCancelled = false;
    let element: StripePaymentElement | undefined;
    loadStripe(publishableKey)
      .then((client) => {
        if (isCancelled || !mountRef.current) return;
        const elements = client.elements({ clientSecret, appearance: { theme: "stripe" } });
        element = elements.create("payment", { layout: "tabs" });
        element.on("ready", () => setIsReady(true));
        element.mount(mountRef.current);
        setStripe({ client, elements });
      })
      .catch((error: unknown) => {
        if (!isCancelled)
          setLoadError(error instanceof Error ? error.message : "The payment form could not load.");
      });
    return () => {
      isCancelled = true;
      element?.destroy();
    };
  }, [publishableKey, clientSecret]);

  const pay = async () => {
    if (!stripe) return;
    setIsPaying(true);
    const { error } = await stripe.client.confirmPayment({
      elements: stripe.elements,
      confirmParams: { return_url: `${window.location.origin}${SUCCESS_PATH}` },
    });
    // Only a failure comes back here: success has already left the page.
    setIsPaying(false);
    if (error) {
      notification.error({
        title: "Payment Failed",
        description: error.message ?? "Your payment could not be completed. Please try again.",
      });
    }
  };

  return (
    <div className="payment-form" data-testid="stripe-payment-form">
      {loadError ? (
        <Alert type="error" showIcon title="The payment form could not load" description={loadError} />
      ) : null}
      {!isReady && !loadError ? (
        <div className="payment-form__loading">
          <Spin />
        </div>
      ) : null}
      <div ref={mountRef} className="payment-form__element" />
      <div className="payment-form__secure">
        <LockOutlined /> Payments are processed securely by Stripe. Your card details never reach our servers.
      </div>
      <div className="payment-form__actions">
        <Button onClick={onCancel} disabled={isPaying}>
          Cancel
        </Button>
        <Button type="primary" onClick={() => void pay()} loading={isPaying} disabled={!isReady}>
          Pay {formatPrice(plan.price)}
        </Button>
      </div>
    </div>
  );
}
