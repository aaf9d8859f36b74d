import type { SubscriptionInfoDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "antd";
import { useLocation } from "react-router";
import { doesFieldWork } from "../entities/company/screenAccess";
import { useCan, useCurrentCompany } from "../entities/company/useCompanies";
import { queryKeys } from "../lib/queryKeys";
import { ButtonLink } from "../ui/ButtonLink";

/**
 * Above every screen (docs/billing.md): days left while the trial runs, Trial Expired once
 * it has ended or the subscription was canceled; nothing for active or free companies,
 * and nothing when the info cannot be loaded. Only those who may pay (the owner) get the
 * Choose a plan button (not on the plan screen itself). subscription.updated refreshes
 * it: useRealtime invalidates the "subscription" root. Field work never sees it: a
 * technician can do nothing about billing, and still records their work after a trial
 * ends (docs/my-day.md).
 */
export function SubscriptionBanner() {
  const { companyId, role } = useCurrentCompany();
  const isFieldWork = doesFieldWork(role);
  const canPay = useCan("manageBilling");
  const { pathname } = useLocation();
  const { data } = useQuery<SubscriptionInfoDTO>({
    queryKey: queryKeys.subscription(companyId),
    enabled: companyId !== null && !isFieldWork,
  });
  if (isFieldWork || !data || data.subscriptionActive || data.isFreeAccount) return null;

  const choosePlan =
    canPay && !pathname.startsWith("/subscription") ? (
      <ButtonLink to="/subscription" size="small" type="primary">
        Choose a plan
      </ButtonLink>
    ) : undefined;
  if (data.trialExpired || data.subscriptionStatus === "canceled") {
    return (
      <Alert
        showIcon
        className="subscription-banner"
        data-testid="subscription-banner"
        type="error"
        title="Trial Expired"
        description={
          canPay
            ? "You can still view and export your schedule. Choose a plan to make changes again."
            : "You can still view and export your schedule. The company owner can choose a plan to make changes again."
        }
        action={choosePlan}
      />
    );
  }
  if (data.subscriptionStatus !== "trial") return null;
  const days = data.daysLeftInTrial;
  return (
    <Alert
      showIcon
      className="subscription-banner"
      data-testid="subscription-banner"
      type="info"
      title={`Free Trial: ${days} ${days === 1 ? "day" : "days"} left`}
      action={choosePlan}
    />
  );
}
