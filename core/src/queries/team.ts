/** The team screen's lists: the company's members and its pending invitations (docs/team-and-invitations.md). */
import type { InvitationDTO, MemberDTO, TeamPersonDTO } from "@sched/shared-types";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { companyUsers, employeeInvitations, users } from "../db/schema";
import { presentInvitation, presentMember } from "../presenters/team";

// Owner first, then admins, then employees; within a role, who joined first.
const ROLE_ORDER = sql`case ${companyUsers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`;

export async function listMembers(companyId: string): Promise<MemberDTO[]> {
  const rows = await db
    .select({
      membership: companyUsers,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(eq(companyUsers.companyId, companyId))
    .orderBy(ROLE_ORDER, asc(companyUsers.joinedAt));
  return rows.map(presentMember);
}

/** The members as every member may see them: names and roster links, no e-mails (chat's directory). */
export async function listTeamPeople(companyId: string): Promise<TeamPersonDTO[]> {
  return db
    .select({
      userId: companyUsers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      employeeId: companyUsers.employeeId,
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(eq(companyUsers.companyId, companyId))
    .orderBy(ROLE_ORDER, asc(companyUsers.joinedAt));
}

/** The invitations not yet accepted, newest first (expired ones included: the screen marks them). */
export async function listPendingInvitations(companyId: string): Promise<InvitationDTO[]> {
  const rows = await db
    .select()
    .from(employeeInvitations)
    .where(and(eq(employeeInvitations.companyId, companyId), eq(employeeInvitations.isUsed, false)))
    .orderBy(desc(employeeInvitations.createdAt));
  return rows.map(presentInvitation);
}
