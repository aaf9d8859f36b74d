/** Team routes (docs/team-and-invitations.md); mounted at the /api root, so paths are written in full. */
import { linkMember } from "@sched/core/commands/link-member";
import { removeMember } from "@sched/core/commands/remove-member";
import { sendInvitation } from "@sched/core/commands/send-invitation";
import { listMembers, listPendingInvitations } from "@sched/core/queries/team";
import { ZInvitationCreate, ZMemberLink, ZMemberParams } from "@sched/shared-types";
import { Router } from "express";
import { route } from "../http/route";

export const teamRouter = Router();

teamRouter.get(
  "/companies/:companyId/users",
  route({ access: { company: "read" } }, ({ member }) => listMembers(member.companyId)),
);

// Reading the pending list is team reading: it stays open after a trial ends, for the office roles.
teamRouter.get(
  "/companies/:companyId/invitations",
  route({ access: { company: "readInvitations" } }, ({ member }) => listPendingInvitations(member.companyId)),
);

teamRouter.post(
  "/companies/:companyId/invitations",
  route(
    { access: { company: "manageTeam" }, body: ZInvitationCreate, idempotent: true, status: 201 },
    ({ member, body }) => sendInvitation(member, body),
  ),
);

/** Links a member to the roster employee they are, or unlinks them (`employeeId: null`). */
teamRouter.put(
  "/companies/:companyId/users/:userId",
  route(
    { access: { company: "manageTeam" }, params: ZMemberParams, body: ZMemberLink },
    ({ member, params, body }) => linkMember(member, params.userId, body.employeeId),
  ),
);

teamRouter.delete(
  "/companies/:companyId/users/:userId",
  route(
    { access: { company: "manageTeam" }, params: ZMemberParams, status: 204 },
    async ({ member, params }) => {
      await removeMember(member, params.userId);
    },
  ),
);
