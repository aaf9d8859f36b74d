import { type CompanyDTO, type TRegister, TRIAL_DAYS, type UserDTO } from "@sched/shared-types";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useShowFailure } from "../../components/FailureNotice";
import { apiJson } from "../../lib/api";
import { browserTimeZone } from "../../lib/dates";
import { queryKeys } from "../../lib/queryKeys";
import { useCompanyStore } from "../../stores/company";
import { useFeedback } from "../../ui/feedback";

/** /register: a new account with its own company on a free trial (docs/auth.md). */
export function useRegister() {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  return useMutation({
    // The new company's time zone starts as the owner's own (docs/settings.md); they can change it later.
    mutationFn: (account: TRegister) =>
      apiJson<UserDTO>("POST", "/api/register", {
        ...account,
        timeZone: account.timeZone ?? browserTimeZone(),
      }),
    onSuccess: async (user) => {
      // The new account owns exactly one company: select it before the app shows the schedule.
      try {
        const companies = await queryClient.fetchQuery<CompanyDTO[]>({ queryKey: queryKeys.companies() });
        if (companies[0]) useCompanyStore.getState().selectCompany(companies[0].id);
      } catch {
        // The account exists and is signed in; the company picker asks if this list could not load.
      }
      queryClient.setQueryData(queryKeys.user(), user);
      notification.success({
        title: "Account created",
        description: `Your ${TRIAL_DAYS}-day free trial has started`,
      });
    },
    onError: (error) => {
      showFailure("Registration failed", error);
    },
  });
}
