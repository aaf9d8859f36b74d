import type { Role } from "@sched/shared-types";
import { canRemoveMember } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "../db/client";
import { companyUsers } from "../db/schema";
import { Forbidden, NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { disconnectUserSockets, publish, publishToUser, removeUserFromCompanyRoom } from "../publish";

export const MEMBER_NOT_FOUND = "Member not found";
export const CANNOT_REMOVE_OWNER = "The company owner cannot be removed";
export const CANNOT_REMOVE_SELF = "You cannot remove yourself from the team";

/**
 * Ends `userId`'s membership of the actor's company. Access ends at once: every request
 * reads company_user (the company door), their sockets leave the company room here, and
 * are then disconnected: they reconnect into the rooms of the companies still theirs.
 */
export async function removeMember(actor: CompanyAccess, userId: string): Promise<void> {
  if (!z.uuid().safeParse(userId).success) throw new NotFound(MEMBER_NOT_FOUND);
  const { companyId } = actor;
  const [target] = await db
    .select({ userId: companyUsers.userId, role: companyUsers.role })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .limit(1);
  if (!target) throw new NotFound(MEMBER_NOT_FOUND);
  const targetAccess = { userId: target.userId, role: target.role as Role };
  if (!canRemoveMember(actor, targetAccess)) {
    throw new Forbidden(targetAccess.role === "owner" ? CANNOT_REMOVE_OWNER : CANNOT_REMOVE_SELF);
  }
  // The role is part of the condition: an owner promoted meanwhile is not removed by a stale check.
  const deleted = await db
    .delete(companyUsers)
    .where(
      and(
        eq(companyUsers.companyId, companyId),
        eq(companyUsers.userId, userId),
        eq(companyUsers.role, target.role),
      ),
    )
    .returning({ id: companyUsers.id });
  if (deleted.length === 0) throw new NotFound(MEMBER_NOT_FOUND);

  removeUserFromCompanyRoom(userId, companyId);
  const payload = { companyId, userId };
  publish(companyId, "member.removed", payload);
  // The removed user is no longer in the room: tell their own tabs so they leave the company's screens.
  publishToUser(userId, "member.removed", payload);
  // After the event, on the same connection: it reaches the tabs before they disconnect.
  disconnectUserSockets(userId);
}
