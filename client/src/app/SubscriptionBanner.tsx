import type { SubscriptionInfoDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "antd";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { LinkButton } from "../components/LinkButton";
import { PageSpinner } from "../components/PageSpinner";
import { queryKeys } from "../lib/queryKeys";
import { doesFieldWork } from "./navigation";
import { useCan, useCurrentCompany } from "./useCompanies";

/** The company's subscription, asked for only where a banner may show (not for field work). */
function useSubscriptionInfo() {
  const { companyId, role } = useCurrentCompany();
  const isFieldWork = doesFieldWork(role);
  const query = useQuery<SubscriptionInfoDTO>({
    queryKey: queryKeys.subscription(companyId),
    enabled: companyId !== null && !isFieldWork,
  });
  return { data: query.data, isFieldWork, isLoading: query.isLoading };
}

/**
 * The banner, then the screen once whether there is a banner is known: a banner arriving
 * after the screen would push the whole screen down (a layout shift under the reader's
 * finger). The answer is asked for with the screen's own lists (src/preload.ts), so the
 * wait is rarely longer than theirs. A failed answer (after its retries) shows no banner;
 * offline the query pauses and holds nothing.
 */
export function BannerAndScreen({ children }: { children: ReactNode }) {
  const { isLoading } = useSubscriptionInfo();
  if (isLoading) return <PageSpinner />;
  return (
    <>
      <SubscriptionBanner />
      {children}
    </>
  );
}

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
  const { data, isFieldWork } = useSubscriptionInfo();
  const canPay = useCan("manageBilling");
  const { pathname } = useLocation();
  if (isFieldWork || !data || data.subscriptionActive || data.isFreeAccount) return null;

  const choosePlan =
    canPay && !pathname.startsWith("/subscription") ? (
      <LinkButton to="/subscription" size="small" type="primary">
        Choose a plan
      </LinkButton>
    ) : undefined;
  if (data.trialExpired || data.subscriptionStatus === "canceled") {
    return (
      <Alert
        className="subscription-banner"
        data-testid="subscription-banner"
        type="error"
        showIcon
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
      className="subscription-banner"
      data-testid="subscription-banner"
      type="info"
      showIcon
      title={`Free Trial: ${days} ${days === 1 ? "day" : "days"} left`}
      action={choosePlan}
    />
  );
}
