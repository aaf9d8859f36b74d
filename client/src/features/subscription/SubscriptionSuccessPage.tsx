import { SUCCESS_REDIRECT_MS } from "@sched/shared-types";
import { useQueryClient } from "@tanstack/react-query";
import { Result, Spin, Tag } from "antd";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useCurrentCompany } from "../../entities/company/useCompanies";
import { rootKey } from "../../lib/queryKeys";
import { useFeedback } from "../../ui/feedback";
import { statusLabel, useSubscriptionInfo } from "./useSubscription";
import "./subscription.css";
import { ButtonLink } from "../../ui/ButtonLink";

const SECOND_MS = 1000;

/** The company's status as the server has it now; Stripe's webhook may land a moment after the return. */
function CurrentStatus({ companyId }: { companyId: string }) {
  const { data: info } = useSubscriptionInfo(companyId);
  if (!info) return <Spin size="small" />;
  const isActive = info.subscriptionActive;
  return (
    <div className="subscription-success__status">
      <span>Subscription status:</span>
      <Tag color={isActive ? "green" : "blue"} data-testid="subscription-status">
        {statusLabel(info.subscriptionStatus)}
      </Tag>
      {isActive ? null : <span className="subscription-success__pending">Confirming your payment…</span>}
    </div>
  );
}

/**
 * Where a payment returns (Stripe's return_url, or the demo form): confirms it, shows
 * the status, and goes on to the schedule after SUCCESS_REDIRECT_MS.
 */
export default function SubscriptionSuccessPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const { companyId } = useCurrentCompany();
  const [params] = useSearchParams();
  const hasFailed = params.get("redirect_status") === "failed";
  const hasSucceeded = params.get("redirect_status") === "succeeded";
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(SUCCESS_REDIRECT_MS / SECOND_MS));
  const hasToasted = useRef(false);

  useEffect(() => {
    if (hasToasted.current) return;
    hasToasted.current = true;
    if (hasSucceeded)
      notification.success({ title: "Payment Successful", description: "Your subscription is now active!" });
    if (hasFailed) {
      notification.error({
        title: "Payment Failed",
        description: "Your payment was not completed. Please try again.",
      });
    }
  }, [hasSucceeded, hasFailed, notification]);

  useEffect(() => {
    if (hasFailed) return;
    // The payment changed the company's status: the banner and plan screen must read it again.
    void queryClient.invalidateQueries({ queryKey: rootKey("company") });
    const tick = setInterval(() => setSecondsLeft((seconds) => Math.max(seconds - 1, 0)), SECOND_MS);
    const redirect = setTimeout(() => void navigate("/", { replace: true }), SUCCESS_REDIRECT_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(redirect);
    };
  }, [hasFailed, navigate, queryClient]);

  if (hasFailed) {
    return (
      <Result
        status="error"
        title="Payment Failed"
        subTitle="Your payment was not completed and nothing was charged."
        extra={
          <ButtonLink type="primary" to="/subscription">
            Back to subscription
          </ButtonLink>
        }
      />
    );
  }

  return (
    <Result
      status="success"
      title="Payment Successful"
      subTitle={
        <>
          <div>Your subscription is now active!</div>
          <div data-testid="redirect-countdown">
            Taking you to your schedule in {secondsLeft} {secondsLeft === 1 ? "second" : "seconds"}.
          </div>
        </>
      }
      extra={
        <div className="subscription-success__extra">
          {companyId ? <CurrentStatus companyId={companyId} /> : null}
          <ButtonLink type="primary" to="/">
            Go to schedule now
          </ButtonLink>
        </div>
      }
    />
  );
}
