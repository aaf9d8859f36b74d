import type { InvitationDTO, MemberDTO, TInvitationCreate } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys } from "../../lib/queryKeys";

// The realtime hook invalidates these through their "companies" root on member.* and invitation.* events.

export function useMembers(companyId: string, enabled = true) {
  return useQuery<MemberDTO[]>({ queryKey: queryKeys.members(companyId), enabled });
}

/** Pending invitations; only owners and admins may read them, so others never ask. */
export function useInvitations(companyId: string, canManage: boolean) {
  return useQuery<InvitationDTO[]>({ queryKey: queryKeys.invitations(companyId), enabled: canManage });
}

/** One idempotency key per submit of the calling dialog: a double submit sends one invitation. */
export function useInviteMember(companyId: string) {
  const queryClient = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (invitation: TInvitationCreate) =>
      apiJson<InvitationDTO>("POST", `/api/companies/${companyId}/invitations`, invitation, {
        idempotencyKey: submitKey.keyFor(invitation),
      }),
    onSuccess: () => {
      submitKey.renew();
      return queryClient.invalidateQueries({ queryKey: queryKeys.invitations(companyId) });
    },
  });
}

export function useRemoveMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest("DELETE", `/api/companies/${companyId}/users/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team(companyId) }),
  });
}

export function useCancelInvitation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => apiRequest("DELETE", `/api/invitations/${invitationId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations(companyId) }),
  });
}

/**
 * Links a member to a roster employee, or unlinks them with null (docs/team-and-invitations.md).
 * Their own company entry carries the link too (My Day reads it), so both lists refresh.
 */
export function useLinkMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, employeeId }: { userId: string; employeeId: string | null }) =>
      apiJson<MemberDTO>("PUT", `/api/companies/${companyId}/users/${userId}`, { employeeId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.members(companyId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.companies(), exact: true }),
      ]),
  });
}

/** The owner sends a member a link to choose a new password (docs/auth.md); the worker e-mails it. */
export function useSendPasswordReset(companyId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest("POST", `/api/companies/${companyId}/users/${userId}/password-reset`),
  });
}
