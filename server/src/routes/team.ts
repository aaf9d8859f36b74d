import { ZInvitationCreate } from "@sched/shared-types";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { Router } from "express";
import { memberOf, requireCompany } from "../auth/company-access";
import { requireUser } from "../auth/session";
import { inviteMember } from "../commands/invite-member";
import { removeMember } from "../commands/remove-member";
import { db } from "../db/client";
import { companyUsers, employeeInvitations, users } from "../db/schema";
import { Forbidden } from "../errors";
import { validate } from "../middleware/validate";
import { can } from "../policies";
import { presentInvitation, presentMember } from "../presenters/team";
import { enqueueEmail } from "../queues";
import { publish } from "../realtime/publish";

/** Team routes; mounted at the /api root, so paths are written in full. */
export const teamRouter = Router();

// Owner first, then admins, then employees; within a role, who joined first.
const ROLE_ORDER = sql`case ${companyUsers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`;

teamRouter.get("/companies/:companyId/users", requireUser, requireCompany("read"), async (req, res) => {
  const rows = await db
    .select({
      membership: companyUsers,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(eq(companyUsers.companyId, memberOf(req).companyId))
    .orderBy(ROLE_ORDER, asc(companyUsers.joinedAt));
  res.json(rows.map(presentMember));
});

// Reading the pending list is team reading, which stays open after a trial ends; only the role matters.
teamRouter.get("/companies/:companyId/invitations", requireUser, requireCompany("read"), async (req, res) => {
  const member = memberOf(req);
  if (!can(member.role, "manageTeam")) throw new Forbidden();
  const rows = await db
    .select()
    .from(employeeInvitations)
    .where(and(eq(employeeInvitations.companyId, member.companyId), eq(employeeInvitations.isUsed, false)))
    .orderBy(desc(employeeInvitations.createdAt));
  res.json(rows.map(presentInvitation));
});

teamRouter.post(
  "/companies/:companyId/invitations",
  requireUser,
  validate(ZInvitationCreate),
  requireCompany("manageTeam"),
  async (req, res) => {
    const member = memberOf(req);
    const { invitation, replacedIds } = await inviteMember({
      companyId: member.companyId,
      email: req.body.email,
      role: req.body.role,
      invitedBy: member.userId,
    });
    for (const id of replacedIds)
      publish(member.companyId, "invitation.deleted", { id, companyId: member.companyId });
    const dto = presentInvitation(invitation);
    publish(member.companyId, "invitation.created", { ...dto, companyId: member.companyId });
    // Only the id travels: the worker derives the link itself. A queue outage is logged, never a failed invite.
    await enqueueEmail("sendInvitationEmail", { invitationId: invitation.id }, `invitation-${invitation.id}`);
    res.status(201).json(dto);
  },
);

teamRouter.delete(
  "/companies/:companyId/users/:userId",
  requireUser,
  requireCompany("manageTeam"),
  async (req, res) => {
    await removeMember(memberOf(req), req.params.userId as string);
    res.status(204).end();
  },
);
