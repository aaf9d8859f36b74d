/** Cancelling a pending invitation: its link stops working at once (docs/team-and-invitations.md). */
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { employeeInvitations } from "../db/schema";
import { Conflict } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { publish } from "../publish";

export const ALREADY_ACCEPTED = "This invitation has already been accepted";

type Invitation = Pick<typeof employeeInvitations.$inferSelect, "id" | "isUsed">;

/** Deletes the invitation; 409 once it has been accepted (the member stays, see removeMember). */
export async function cancelInvitation(member: CompanyAccess, invitation: Invitation): Promise<void> {
  if (invitation.isUsed) throw new Conflict(ALREADY_ACCEPTED);
  await db.delete(employeeInvitations).where(eq(employeeInvitations.id, invitation.id));
  publish(member.companyId, "invitation.deleted", { id: invitation.id, companyId: member.companyId });
}
