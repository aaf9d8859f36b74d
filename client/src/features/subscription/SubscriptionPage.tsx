import type { PlanType } from "@sched/shared-types";
import { PLAN_TYPES } from "@sched/shared-types";
import { Button, Card, Result, Skeleton } from "antd";
import { useState } from "react";
import { PageTitle } from "../../components/PageTitle";
import { useCan, useCurrentCompany } from "../../entities/company/useCompanies";
import { useFeedback } from "../../ui/feedback";
import { PaymentPanel } from "./PaymentPanel";
import { PlanCard } from "./PlanCard";
import { StatusCard } from "./StatusCard";
import { useStartSubscription, useSubscriptionData } from "./useSubscription";
import "./subscription.css";
import { useShowFailure } from "../../components/FailureNotice";

type Choice = { planType: PlanType; clientSecret: string | null };

export default function SubscriptionPage() {
  const { companyId } = useCurrentCompany();
  const canPay = useCan("manageBilling");
  if (!companyId) return <PageTitle title="Subscription Management" />;
  return <SubscriptionScreen companyId={companyId} canPay={canPay} />;
}

function SubscriptionScreen({ companyId, canPay }: { companyId: string; canPay: boolean }) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const { info, plans, billing, isPending, isError, retry } = useSubscriptionData(companyId);
  const start = useStartSubscription(companyId);
  const [choice, setChoice] = useState<Choice | null>(null);

  const title = (
    <PageTitle title="Subscription Management" subtitle="Your plan, your free trial and payment." />
  );
  if (isError) {
    return (
      <>
        {title}
        <Result
          status="warning"
          title="Failed to load subscription data"
          extra={<Button onClick={retry}>Try again</Button>}
        />
      </>
    );
  }
  if (isPending || !info || !plans || !billing) {
    return (
      <>
        {title}
        <Card data-testid="subscription-loading">
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
      </>
    );
  }

  const isActive = info.subscriptionActive;
  const choose = (planType: PlanType) => {
    if (billing.mode !== "stripe") {
      setChoice({ planType, clientSecret: null });
      return;
    }
    start.mutate(planType, {
      onSuccess: ({ clientSecret }) => {
        if (clientSecret) {
          setChoice({ planType, clientSecret });
          return;
        }
        setChoice(null);
        notification.success({
          title: "Plan changed",
          description: `You are now on the ${plans[planType].name} plan.`,
        });
      },
      onError: (error) => showFailure("Failed to start subscription", error),
    });
  };

  return (
    <div className="subscription-page">
      {title}
      <StatusCard info={info} plans={plans} />
      <h2 className="subscription-page__heading">{isActive ? "Plans" : "Choose a plan"}</h2>
      {canPay ? null : (
        <p className="subscription-page__hint">Only the company owner can choose or change the plan.</p>
      )}
      <div className="plan-grid">
        {PLAN_TYPES.map((planType) => (
          <PlanCard
            key={planType}
            planType={planType}
            plan={plans[planType]}
            isCurrent={isActive && info.planType === planType}
            isChosen={choice?.planType === planType}
            canChoose={canPay && !info.isFreeAccount}
            isSwitch={isActive}
            isBusy={start.isPending && start.variables === planType}
            onChoose={choose}
          />
        ))}
      </div>
      {choice ? (
        <PaymentPanel
          key={`${choice.planType}-${choice.clientSecret ?? "demo"}`}
          companyId={companyId}
          billing={billing}
          planType={choice.planType}
          plan={plans[choice.planType]}
          clientSecret={choice.clientSecret}
          onCancel={() => setChoice(null)}
        />
      ) : null}
    </div>
  );
}
