import type {
  AcceptInvitationDTO,
  CompanyDTO,
  InvitationLookupDTO,
  TInvitationSignUp,
} from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useShowFailure } from "../../components/FailureNotice";
import { apiJson, isApiError } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { rejoinSocketRooms } from "../../lib/socket";
import { useCompanyStore } from "../../stores/company";
import { useFeedback } from "../../ui/feedback";

/** Whom the link invites and whether it still works; always asked afresh. */
export function useInvitationLookup(token: string) {
  return useQuery<InvitationLookupDTO>({ queryKey: queryKeys.invitation(token), staleTime: 0 });
}

const ROLE_PHRASE = { owner: "the owner", admin: "an admin", employee: "an employee" } as const;

/**
 * Accepts the invitation: signed in, no body; signed out, the new account's details.
 * Then the joined company is selected and the socket rejoins its rooms before the app opens.
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  return useMutation({
    mutationFn: (signUp?: TInvitationSignUp) =>
      apiJson<AcceptInvitationDTO>("POST", `/api/invitations/token/${token}/accept`, signUp ?? {}),
    onSuccess: async (result) => {
      queryClient.setQueryData(queryKeys.user(), result.user);
      // The company list must know the new company before it is selected, or the gate would pick another.
      await queryClient
        .fetchQuery<CompanyDTO[]>({ queryKey: queryKeys.companies(), staleTime: 0 })
        .catch(() => []);
      useCompanyStore.getState().selectCompany(result.companyId);
      rejoinSocketRooms();
      notification.success({
        title: `Welcome to ${result.companyName}`,
        description: `You joined the team as ${ROLE_PHRASE[result.role]}.`,
      });
      // Home picks the first screen: My Day for an employee on a phone, else the schedule.
      void navigate("/", { replace: true });
    },
    onError: (error) => {
      // Used or expired meanwhile: show the link's new state instead of the form.
      if (isApiError(error, "gone"))
        void queryClient.invalidateQueries({ queryKey: queryKeys.invitation(token) });
      showFailure("Could not join the team", error);
    },
  });
}
