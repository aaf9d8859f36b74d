import type {
  AcceptInvitationDTO,
  CompanyDTO,
  InvitationLookupDTO,
  TInvitationSignUp,
} from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useNavigate } from "react-router";
import { apiJson, apiRequest, errorMessage, errorStatus } from "../../lib/api";
import { COMPANIES_QUERY_KEY, USER_QUERY_KEY } from "../../lib/queryClient";
import { disconnectSocket, rejoinSocketRooms } from "../../lib/socket";
import { useCompanyStore } from "../../stores/company";

export const invitationKey = (token: string) => ["/api/invitations/token", token] as const;

/** Whom the link invites and whether it still works; always asked afresh. */
export function useInvitationLookup(token: string) {
  return useQuery<InvitationLookupDTO>({ queryKey: invitationKey(token), staleTime: 0 });
}

const ROLE_PHRASE = { owner: "the owner", admin: "an admin", employee: "an employee" } as const;

/**
 * Accepts the invitation: signed in, no body; signed out, the new account's details.
 * Then the joined company is selected and the socket rejoins its rooms before the app opens.
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  return useMutation({
    mutationFn: (signUp?: TInvitationSignUp) =>
      apiJson<AcceptInvitationDTO>("POST", `/api/invitations/token/${token}/accept`, signUp ?? {}),
    onSuccess: async (result) => {
      queryClient.setQueryData(USER_QUERY_KEY, result.user);
      // The company list must know the new company before it is selected, or the gate would pick another.
      await queryClient
        .fetchQuery<CompanyDTO[]>({ queryKey: COMPANIES_QUERY_KEY, staleTime: 0 })
        .catch(() => []);
      useCompanyStore.getState().selectCompany(result.companyId);
      rejoinSocketRooms();
      notification.success({
        title: `Welcome to ${result.companyName}`,
        description: `You joined the team as ${ROLE_PHRASE[result.role]}.`,
      });
      void navigate("/schedule", { replace: true });
    },
    onError: (error) => {
      // Used or expired meanwhile: show the link's new state instead of the form.
      if (errorStatus(error) === 410) void queryClient.invalidateQueries({ queryKey: invitationKey(token) });
      notification.error({
        title: "Could not join the team",
        description: errorMessage(error, "Please try again."),
      });
    },
  });
}

/** Signs out but stays on the invitation, so the right person can accept it. */
export function useSignOutHere() {
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/logout"),
    onSuccess: () => {
      disconnectSocket();
      useCompanyStore.getState().resetSelection();
      queryClient.removeQueries({ queryKey: COMPANIES_QUERY_KEY });
      queryClient.setQueryData(USER_QUERY_KEY, null);
    },
    onError: (error) =>
      notification.error({ title: "Logout failed", description: errorMessage(error, "Please try again") }),
  });
}
