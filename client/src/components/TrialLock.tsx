/**
 * After a trial has run out unpaid the server answers every change with 402 (docs/billing.md),
 * so the buttons that start one are disabled with the reason beside them instead of failing
 * on click. The same rule as the server's: the role table's isAllowedWhileReadOnly.
 */
import { type Action, isAllowedWhileReadOnly, type SubscriptionInfoDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { cloneElement, type ReactElement, useId } from "react";
import { useCan, useCurrentCompany } from "../entities/company/useCompanies";
import { queryKeys } from "../lib/queryKeys";
import "./trial-lock.css";

export const TRIAL_LOCK_OWNER = "The free trial has ended: choose a plan to make changes.";
export const TRIAL_LOCK_MEMBER = "The free trial has ended: ask the owner to choose a plan.";

/** Is the company read-only now: a trial that has ended, or a plan that stopped (free access never is)? */
function isReadOnly(info: SubscriptionInfoDTO): boolean {
  if (info.subscriptionActive || info.isFreeAccount) return false;
  return !(info.subscriptionStatus === "trial" && !info.trialExpired);
}

/** Why `action` would be refused with 402 now; null while it would be allowed (or is not known yet). */
export function useTrialLock(action: Action): string | null {
  const { companyId, role } = useCurrentCompany();
  const canPay = useCan("manageBilling");
  const { data } = useQuery<SubscriptionInfoDTO>({
    queryKey: queryKeys.subscription(companyId),
    enabled: companyId !== null,
  });
  if (!data || role === null || !isReadOnly(data) || isAllowedWhileReadOnly(role, action)) return null;
  return canPay ? TRIAL_LOCK_OWNER : TRIAL_LOCK_MEMBER;
}

type TrialLockProps = {
  action: Action;
  /** A button (antd or native) that takes `disabled` and `aria-describedby`. */
  children: ReactElement<{ disabled?: boolean; "aria-describedby"?: string }>;
};

/** `children` as is, or disabled with the reason beside it once the trial has ended. */
export function TrialLock({ action, children }: TrialLockProps) {
  const reason = useTrialLock(action);
  const reasonId = useId();
  if (!reason) return children;
  return (
    <span className="trial-lock" data-testid="trial-lock">
      {cloneElement(children, { disabled: true, "aria-describedby": reasonId })}
      <span id={reasonId} className="trial-lock__reason">
        {reason}
      </span>
    </span>
  );
}
