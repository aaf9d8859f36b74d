import type {
  BillingConfigDTO,
  CreateSubscriptionResultDTO,
  PlansDTO,
  PlanType,
  SubscriptionInfoDTO,
} from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiJson } from "../../lib/api";
import { queryKeys, rootKey } from "../../lib/queryKeys";
import { useFeedback } from "../../ui/feedback";

/** A plan's price is in cents: divided by 100 and shown per month. */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

/** Free Trial for trial, Active for active, otherwise the raw status (docs/billing.md). */
export function statusLabel(status: string): string {
  if (status === "trial") return "Free Trial";
  if (status === "active") return "Active";
  return status;
}

export const daysText = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;

export function useSubscriptionInfo(companyId: string) {
  return useQuery<SubscriptionInfoDTO>({ queryKey: queryKeys.subscription(companyId) });
}

/**
 * Everything the plan screen reads. A failure of any part says so once with one toast
 * (Failed to load subscription data); the page shows a retry.
 */
export function useSubscriptionData(companyId: string) {
  const { notification } = useFeedback();
  const info = useSubscriptionInfo(companyId);
  const plans = useQuery<PlansDTO>({ queryKey: queryKeys.plans() });
  const billing = useQuery<BillingConfigDTO>({ queryKey: queryKeys.billingConfig() });
  const isError = info.isError || plans.isError || billing.isError;
  useEffect(() => {
    if (isError) notification.error({ key: "subscription-load", title: "Failed to load subscription data" });
  }, [isError, notification]);
  return {
    info: info.data,
    plans: plans.data,
    billing: billing.data,
    isPending: info.isPending || plans.isPending || billing.isPending,
    isError,
    retry: () => {
      if (info.isError) void info.refetch();
      if (plans.isError) void plans.refetch();
      if (billing.isError) void billing.refetch();
    },
  };
}

/** Stripe: starts the subscription and answers the client secret of its first payment. */
export function useStartSubscription(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planType: PlanType) =>
      apiJson<CreateSubscriptionResultDTO>("POST", "/api/create-subscription", { companyId, planType }),
    // A plan change of an active subscription needs no payment and is already applied.
    onSuccess: (result) => {
      if (result.clientSecret === null) void queryClient.invalidateQueries({ queryKey: rootKey("company") });
    },
  });
}

/** Demo billing mode: the simulated payment, which activates the plan on the server. */
export function useDemoPayment(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planType: PlanType) =>
      apiJson<SubscriptionInfoDTO>("POST", "/api/demo-billing/activate", { companyId, planType }),
    onSuccess: (info) => queryClient.setQueryData(queryKeys.subscription(companyId), info),
  });
}
