import { randomUUID } from "node:crypto";
import type { TInvitationCreate } from "@sched/shared-types";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { companyUsers, employeeInvitations, users } from "../db/schema";
import { Conflict } from "../errors";
import { invitationExpiry, invitationToken } from "../lib/invitation-token";
import { hashToken } from "../lib/tokens";
import {
  consumeAll,
  invitationsByAddress,
  invitationsByCompany,
  invitationsByInviter,
  invitationsByNetwork,
  type Limit,
} from "../limits";
import { recordMail } from "../mail-outbox/record";
import { findCompanyEmployee } from "./link-member";

export const ALREADY_MEMBER = "This person is already a member of this company";

/** `network`: the client address of the request that invites (none from a script or test). */
type InviteInput = TInvitationCreate & { companyId: string; invitedBy: string; network?: string };

type Invitation = typeof employeeInvitations.$inferSelect;

/** What an invite did; `emailDue` says whether an e-mail was recorded for it (the caller may hint the worker). */
export type InviteResult = { invitation: Invitation; replacedIds: string[]; emailDue: boolean };

/**
 * How long an unsent invitation's e-mail is taken to be on its way: the worker takes it
 * from the outbox within seconds and retries a failure after 10, 20, 40 s...; one still
 * unsent after this is taken to have failed, and a re-invite sends a new one.
 */
export const EMAIL_ON_ITS_WAY_MS = 10 * 60 * 1000;

/** A pending invitation whose e-mail has not gone out yet (queued, or being sent right now). */
function isAwaitingItsEmail(row: Invitation | undefined): row is Invitation {
  if (!row || row.sentAt !== null) return false;
  const now = Date.now();
  return row.expiresAt.getTime() > now && now - row.createdAt.getTime() < EMAIL_ON_ITS_WAY_MS;
}

/**
 * Invites `email` (docs/team-and-invitations.md). A current member answers 409. While
 * the address's pending invitation still waits for its e-mail, that invitation is kept
 * (with the role asked now) and no second e-mail is due: one e-mail per pending
 * invitation at a time. Otherwise a new invitation replaces any pending one (the old
 * link stops working) and counts against the invitation limits (429), and its e-mail is
 * recorded in the mail outbox in the same transaction: owed if and only if it commits.
 * `employeeId` names the roster employee the new member will be (404 when not the company's).
 */
export async function inviteMember({
  companyId,
  email,
  role,
  invitedBy,
  employeeId: rosterEmployeeId,
  network,
}: InviteInput): Promise<InviteResult> {
  const employeeId = rosterEmployeeId ?? null;
  return db.transaction(async (tx) => {
    if (employeeId) await findCompanyEmployee(tx, companyId, employeeId);
    // Two invites of one address at once would otherwise both find nothing to replace.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite:${companyId}:${email}`}))`);
    const [member] = await tx
      .select({ id: companyUsers.id })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(and(eq(companyUsers.companyId, companyId), sql`lower(${users.email}) = ${email}`))
      .limit(1);
    if (member) throw new Conflict(ALREADY_MEMBER);

    const unused = and(
      eq(employeeInvitations.companyId, companyId),
      eq(employeeInvitations.email, email),
      eq(employeeInvitations.isUsed, false),
    );
    const [pending] = await tx
      .select()
      .from(employeeInvitations)
      .where(unused)
      .orderBy(desc(employeeInvitations.createdAt))
      .limit(1);
    if (isAwaitingItsEmail(pending)) {
      // The worker reads the role when it sends and when the link is used: the latest ask wins.
      const [kept] = await tx
        .update(employeeInvitations)
        .set({ role, employeeId })
        .where(eq(employeeInvitations.id, pending.id))
        .returning();
      return { invitation: kept, replacedIds: [], emailDue: false };
    }

    // Counted only now that an e-mail will go out; a refusal rolls the replacement back.
    // The network's budget bounds what new accounts, each with budgets of its own, add up to.
    const byNetwork: [Limit, string][] = network ? [[invitationsByNetwork, network]] : [];
    await consumeAll([
      [invitationsByInviter, invitedBy],
      [invitationsByCompany, companyId],
      [invitationsByAddress, email],
      ...byNetwork,
    ]);
    const replaced = await tx
      .delete(employeeInvitations)
      .where(unused)
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
        employeeId,
        token: hashToken(invitationToken(id)),
        expiresAt: invitationExpiry(),
      })
      .returning();
    await recordMail(tx, { kind: "invitation", subjectId: id, companyId });
    return { invitation, replacedIds: replaced.map((row) => row.id), emailDue: true };
  });
}
