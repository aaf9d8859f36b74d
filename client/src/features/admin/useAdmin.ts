/**
 * The admin dashboard's server state: the company lists and the overview refetch every
 * 30 s and retry once (docs/admin.md); grant and revoke refresh all three.
 */
import {
  ADMIN_REFETCH_MS,
  type AdminCompanyDTO,
  type AdminOverviewDTO,
  type TGrantFreeAccess,
} from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { apiJson } from "../../lib/api";
import { errorMessage } from "../../lib/errorText";
import { shouldRetryQuery } from "../../lib/queryClient";
import { queryKeys, rootKey } from "../../lib/queryKeys";
import { useFeedback } from "../../ui/feedback";

/** One retry for a failure that may pass (5xx, network); a 4xx would answer the same again. */
const retryOnce = (failureCount: number, error: unknown) =>
  failureCount < 1 && shouldRetryQuery(failureCount, error);

const adminListOptions = { refetchInterval: ADMIN_REFETCH_MS, retry: retryOnce } as const;

/** The "Error loading companies" toast; one slot per list, so a failing refetch does not pile toasts up. */
function useLoadErrorToast(error: Error | null, key: string) {
  const { notification } = useFeedback();
  useEffect(() => {
    if (!error) return;
    notification.error({
      key,
      title: "Error loading companies",
      description: errorMessage(error, "Please try again"),
    });
  }, [error, key, notification]);
}

export function useAdminCompanies() {
  const query = useQuery<AdminCompanyDTO[]>({ queryKey: queryKeys.adminCompanies(), ...adminListOptions });
  useLoadErrorToast(query.error, "admin-companies-error");
  return query;
}

export function useFreeAccessCompanies() {
  const query = useQuery<AdminCompanyDTO[]>({
    queryKey: queryKeys.freeAccessCompanies(),
    ...adminListOptions,
  });
  useLoadErrorToast(query.error, "admin-free-companies-error");
  return query;
}

export function useAdminOverview() {
  return useQuery<AdminOverviewDTO>({ queryKey: queryKeys.adminOverview(), ...adminListOptions });
}

/** Which toast a failure shows: the grant form, the Revoke button and the switch each have their own (docs/admin.md). */
type FailureTitle = "Failed to grant free access" | "Failed to revoke free access" | "Access change failed";

type GrantVariables = TGrantFreeAccess & { companyName: string };
type RevokeVariables = { companyId: string; companyName: string };

export function useGrantFreeAccess(failureTitle: FailureTitle) {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  return useMutation({
    mutationFn: ({ companyId, notes }: GrantVariables) =>
      apiJson<AdminCompanyDTO>("POST", "/api/admin/grant-free-access", { companyId, notes }),
    onSuccess: (_company, { companyName }) => {
      notification.success({
        title: "Free access granted successfully",
        description: `${companyName} can now use every feature at no charge.`,
      });
    },
    onError: (error) => {
      showFailure(failureTitle, error);
    },
    // Also after a failure: a 409 means another admin changed the company meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKey("admin") }),
  });
}

export function useRevokeFreeAccess(failureTitle: FailureTitle) {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  return useMutation({
    mutationFn: ({ companyId }: RevokeVariables) =>
      apiJson<AdminCompanyDTO>("POST", "/api/admin/revoke-free-access", { companyId }),
    onSuccess: (_company, { companyName }) => {
      notification.success({
        title: "Free access revoked successfully",
        description: `${companyName} is back on its trial.`,
      });
    },
    onError: (error) => {
      showFailure(failureTitle, error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKey("admin") }),
  });
}
