/** Inviting someone to the team: the invitation, its events and its e-mail (docs/team-and-invitations.md). */
import type { InvitationDTO, TInvitationCreate } from "@sched/shared-types";
import type { CompanyAccess } from "../policies/company-access";
import { presentInvitation } from "../presenters/team";
import { publish } from "../publish";
import { enqueueEmail, invitationEmailJobId } from "../queues";
import { inviteMember } from "./invite-member";

/**
 * Creates the invitation (or keeps the pending one whose e-mail has not gone out yet),
 * tells the team screens, then queues the e-mail once the row has committed: only for a
 * new invitation, so re-inviting in a hurry sends one e-mail.
 */
export async function sendInvitation(
  member: CompanyAccess,
  input: TInvitationCreate,
): Promise<InvitationDTO> {
  const { companyId } = member;
  const { invitation, replacedIds, emailDue } = await inviteMember({
    companyId,
    email: input.email,
    role: input.role,
    invitedBy: member.userId,
    employeeId: input.employeeId,
  });
  for (const id of replacedIds) publish(companyId, "invitation.deleted", { id, companyId });
  const dto = presentInvitation(invitation);
  publish(companyId, "invitation.created", { ...dto, companyId });
  if (!emailDue) return dto;
  // Only the id travels: the worker derives the link itself. A queue outage is logged, never a failed invite.
  await enqueueEmail(
    "sendInvitationEmail",
    { invitationId: invitation.id },
    invitationEmailJobId(invitation.id),
  );
  return dto;
}
