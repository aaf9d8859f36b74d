/** Team routes (docs/team-and-invitations.md); mounted at the /api root, so paths are written in full. */

import { linkMember } from "@sched/core/commands/link-member";
import { removeMember } from "@sched/core/commands/remove-member";
import { sendInvitation } from "@sched/core/commands/send-invitation";
import { sendMemberPasswordReset } from "@sched/core/commands/send-member-password-reset";
import { listMembers, listPendingInvitations, listTeamPeople } from "@sched/core/queries/team";
import {
  type OnlineMembersDTO,
  ZInvitation,
  ZInvitationCreate,
  ZMember,
  ZMemberLink,
  ZMemberParams,
  ZOnlineMembers,
  ZTeamPerson,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { clientAddress } from "../http/client-address";
import { route } from "../http/route";
import { onlineUserIds } from "../realtime/online";

export const teamRouter = Router();

// The members with their e-mails are the office's: a technician sees names only (below).
teamRouter.get(
  "/companies/:companyId/users",
  route({ access: { company: "readTeam" }, response: z.array(ZMember) }, ({ member }) =>
    listMembers(member.companyId),
  ),
);

/** Chat's team directory: every member's name and roster link, no contact details (docs/my-day.md). */
teamRouter.get(
  "/companies/:companyId/people",
  route({ access: { company: "read" }, response: z.array(ZTeamPerson) }, ({ member }) =>
    listTeamPeople(member.companyId),
  ),
);

// Reading the pending list is team reading: it stays open after a trial ends, for the office roles.
// Who has the app open now: the chat's team directory marks them (docs/realtime.md).
teamRouter.get(
  "/companies/:companyId/online",
  route(
    { access: { company: "read" }, response: ZOnlineMembers },
    async ({ member }): Promise<OnlineMembersDTO> => ({
      userIds: await onlineUserIds(member.companyId),
    }),
  ),
);

teamRouter.get(
  "/companies/:companyId/invitations",
  route({ access: { company: "readInvitations" }, response: z.array(ZInvitation) }, ({ member }) =>
    listPendingInvitations(member.companyId),
  ),
);

teamRouter.post(
  "/companies/:companyId/invitations",
  route(
    {
      access: { company: "manageTeam" },
      body: ZInvitationCreate,
      idempotent: true,
      status: 201,
      response: ZInvitation,
    },
    ({ member, body, req }) => sendInvitation(member, body, clientAddress(req)),
  ),
);

/** Links a member to the roster employee they are, or unlinks them (`employeeId: null`). */
teamRouter.put(
  "/companies/:companyId/users/:userId",
  route(
    { access: { company: "manageTeam" }, params: ZMemberParams, body: ZMemberLink, response: ZMember },
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

/** The owner sends a member a link to choose a new password (docs/auth.md); 202, the worker sends it. */
teamRouter.post(
  "/companies/:companyId/users/:userId/password-reset",
  route(
    { access: { company: "resetMemberPasswords" }, params: ZMemberParams, status: 202 },
    async ({ member, params }) => {
      await sendMemberPasswordReset(member, params.userId);
      return { ok: true };
    },
  ),
);
