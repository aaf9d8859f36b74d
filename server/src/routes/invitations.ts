/** Invitation routes (docs/team-and-invitations.md); mounted at the /api root, so paths are written in full. */
import { acceptInvitation } from "@sched/core/commands/accept-invitation";
import { cancelInvitation } from "@sched/core/commands/cancel-invitation";
import { employeeInvitations } from "@sched/core/db/schema";
import { lookupInvitation } from "@sched/core/queries/invitations";
import { ZAcceptInvitation, ZIdParams, ZInvitationLookup, ZInvitationTokenParams } from "@sched/shared-types";
import { Router } from "express";
import { assertSecureConnection } from "../auth/secure-connection";
import { signIn } from "../auth/session";
import { loadAuthorizedRow, route } from "../http/route";
import { apiTokenPath } from "../http/token-paths";

export const invitationsRouter = Router();

export const PENDING_INVITATION_NOT_FOUND = "Invitation not found";

invitationsRouter.delete(
  "/invitations/:id",
  route({ access: "user", params: ZIdParams, status: 204 }, async ({ userId, params }) => {
    const { row, member } = await loadAuthorizedRow(
      employeeInvitations,
      params.id,
      userId,
      "manageTeam",
      PENDING_INVITATION_NOT_FOUND,
    );
    await cancelInvitation(member, row);
  }),
);

/** Anyone holding the link may see whom it invites and whether it still works. */
invitationsRouter.get(
  apiTokenPath("/invitations/token/:token"),
  route({ access: "public", params: ZInvitationTokenParams, response: ZInvitationLookup }, ({ params }) =>
    lookupInvitation(params.token),
  ),
);

/** A signed-in invitee joins as themselves; a signed-out one signs up with the form and is signed in. */
invitationsRouter.post(
  apiTokenPath("/invitations/token/:token/accept"),
  route(
    { access: "public", params: ZInvitationTokenParams, response: ZAcceptInvitation },
    async ({ userId, params, req }) => {
      if (userId) return acceptInvitation(params.token, { userId });
      assertSecureConnection(req);
      const result = await acceptInvitation(params.token, { signUpForm: req.body ?? {} });
      await signIn(req, result.user.id);
      return result;
    },
  ),
);
