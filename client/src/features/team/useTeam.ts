import type { InvitationDTO, MemberDTO, TInvitationCreate } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "../../lib/api";

// Keys are the API paths (lib/api.ts queryKeyToUrl); the realtime hook invalidates them
// through their "/api/companies" root on member.* and invitation.* events.
export const membersKey = (companyId: string) => ["/api/companies", companyId, "users"] as const;
export const invitationsKey = (companyId: string) => ["/api/companies", companyId, "invitations"] as const;
const companyTeamKey = (companyId: string) => ["/api/companies", companyId] as const;

export function useMembers(companyId: string) {
  return useQuery<MemberDTO[]>({ queryKey: membersKey(companyId) });
}

/** Pending invitations; only owners and admins may read them, so others never ask. */
export function useInvitations(companyId: string, canManage: boolean) {
  return useQuery<InvitationDTO[]>({ queryKey: invitationsKey(companyId), enabled: canManage });
}

export function useInviteMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: TInvitationCreate) =>
      apiJson<InvitationDTO>("POST", `/api/companies/${companyId}/invitations`, invitation),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(companyId) }),
  });
}

export function useRemoveMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest("DELETE", `/api/companies/${companyId}/users/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyTeamKey(companyId) }),
  });
}

export function useCancelInvitation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => apiRequest("DELETE", `/api/invitations/${invitationId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(companyId) }),
  });
}
