import { eq } from "drizzle-orm";
import { Router } from "express";
import { authorize } from "../auth/company-access";
import { requireUser, signIn } from "../auth/session";
import { acceptInvitation, findInvitationByToken } from "../commands/accept-invitation";
import { db } from "../db/client";
import { employeeInvitations } from "../db/schema";
import { loadScoped } from "../db/scoped";
import { Conflict } from "../errors";
import { presentInvitationLookup } from "../presenters/team";
import { publish } from "../realtime/publish";

/** Invitation routes; mounted at the /api root, so paths are written in full. */
export const invitationsRouter = Router();

export const PENDING_INVITATION_NOT_FOUND = "Invitation not found";
export const ALREADY_ACCEPTED = "This invitation has already been accepted";

invitationsRouter.delete("/invitations/:id", requireUser, async (req, res) => {
  const { row, member } = await loadScoped(
    employeeInvitations,
    req.params.id as string,
    req.userId!,
    PENDING_INVITATION_NOT_FOUND,
  );
  authorize(member, "manageTeam");
  if (row.isUsed) throw new Conflict(ALREADY_ACCEPTED);
  await db.delete(employeeInvitations).where(eq(employeeInvitations.id, row.id));
  publish(member.companyId, "invitation.deleted", { id: row.id, companyId: member.companyId });
  res.status(204).end();
});

/** Anyone holding the link may see whom it invites and whether it still works. */
invitationsRouter.get("/invitations/token/:token", async (req, res) => {
  const { invitation, companyName } = await findInvitationByToken(req.params.token as string);
  res.json(presentInvitationLookup(invitation, companyName));
});

invitationsRouter.post("/invitations/token/:token/accept", async (req, res) => {
  const token = req.params.token as string;
  if (req.userId) {
    res.json(await acceptInvitation(token, { userId: req.userId }));
    return;
  }
  const result = await acceptInvitation(token, { signUpForm: req.body ?? {} });
  await signIn(req, result.user.id);
  res.json(result);
});
