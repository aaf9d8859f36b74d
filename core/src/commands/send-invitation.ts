/** Inviting someone to the team: the invitation, its events and its e-mail (docs/team-and-invitations.md). */
import type { InvitationDTO, TInvitationCreate } from "@sched/shared-types";
import { hintMail } from "../mail-outbox/record";
import type { CompanyAccess } from "../policies/company-access";
import { presentInvitation } from "../presenters/team";
import { publish } from "../publish";
import { inviteMember } from "./invite-member";

/**
 * Creates the invitation (or keeps the pending one whose e-mail has not gone out yet) with
 * its e-mail in the outbox, tells the team screens, then wakes a worker: only for a new
 * invitation, so re-inviting in a hurry sends one e-mail. `network` is the request's client
 * address, which the invitation limits count too (docs/api.md).
 */
export async function sendInvitation(
  member: CompanyAccess,
  input: TInvitationCreate,
  network?: string,
): Promise<InvitationDTO> {
  const { companyId } = member;
  const { invitation, replacedIds, emailDue } = await inviteMember({
    companyId,
    email: input.email,
    role: input.role,
    invitedBy: member.userId,
    employeeId: input.employeeId,
    network,
  });
  for (const id of replacedIds) publish(companyId, "invitation.deleted", { id, companyId });
  const dto = presentInvitation(invitation);
  publish(companyId, "invitation.created", { ...dto, companyId });
  if (!emailDue) return dto;
  // Only the id travels: the worker derives the link itself. Without Redis the worker's poll of the outbox sends it.
  await hintMail("invitation", invitation.id);
  return dto;
}
