/** Invitation links as their holders see them (docs/team-and-invitations.md). */
import type { InvitationLookupDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { companies, employeeInvitations } from "../db/schema";
import { NotFound } from "../errors";
import { hashToken, isWellFormedToken } from "../lib/tokens";
import { presentInvitationLookup } from "../presenters/team";

export const INVITATION_NOT_FOUND = "This invitation link is not valid. Ask for a new invitation.";

/** The invitation a link token stands for, with its company's name; 404 for an unknown token. */
export async function findInvitationByToken(token: string) {
  if (!isWellFormedToken(token)) throw new NotFound(INVITATION_NOT_FOUND);
  const [found] = await db
    .select({ invitation: employeeInvitations, companyName: companies.name })
    .from(employeeInvitations)
    .innerJoin(companies, eq(companies.id, employeeInvitations.companyId))
    .where(eq(employeeInvitations.token, hashToken(token)))
    .limit(1);
  if (!found) throw new NotFound(INVITATION_NOT_FOUND);
  return found;
}

/** Whom the link invites, to which company, and whether it still works. */
export async function lookupInvitation(token: string): Promise<InvitationLookupDTO> {
  const { invitation, companyName } = await findInvitationByToken(token);
  return presentInvitationLookup(invitation, companyName);
}
