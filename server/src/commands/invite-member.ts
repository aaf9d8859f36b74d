import { randomUUID } from "node:crypto";
import type { TInvitationCreate } from "@sched/shared-types";
import { and, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { companyUsers, employeeInvitations, users } from "../db/schema";
import { Conflict } from "../errors";
import { hashInvitationToken, invitationExpiry, invitationToken } from "./invitation-token";

export const ALREADY_MEMBER = "This person is already a member of this company";

type InviteInput = TInvitationCreate & { companyId: string; invitedBy: string };

/**
 * Creates an invitation for `email`, replacing any pending one for the same address in
 * this company (the old link stops working). A current member answers 409. The caller
 * enqueues the e-mail after this returns: the transaction has committed by then.
 */
export async function inviteMember({ companyId, email, role, invitedBy }: InviteInput) {
  return db.transaction(async (tx) => {
    // Two invites of one address at once would otherwise both find nothing to replace.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite:${companyId}:${email}`}))`);
    const [member] = await tx
      .select({ id: companyUsers.id })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(and(eq(companyUsers.companyId, companyId), sql`lower(${users.email}) = ${email}`))
      .limit(1);
    if (member) throw new Conflict(ALREADY_MEMBER);

    const replaced = await tx
      .delete(employeeInvitations)
      .where(
        and(
          eq(employeeInvitations.companyId, companyId),
          eq(employeeInvitations.email, email),
          eq(employeeInvitations.isUsed, false),
        ),
      )
      .returning({ id: employeeInvitations.id });

    const id = randomUUID();
    const [invitation] = await tx
      .insert(employeeInvitations)
      .values({
        id,
        companyId,
        email,
        role,
        invitedBy,
        token: hashInvitationToken(invitationToken(id)),
        expiresAt: invitationExpiry(),
      })
      .returning();
    return { invitation, replacedIds: replaced.map((row) => row.id) };
  });
}
