import {
  type AcceptInvitationDTO,
  type MemberDTO,
  type Role,
  type TInvitationSignUp,
  ZInvitationSignUp,
} from "@sched/shared-types";
import { and, eq, gt, sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import { db, type Tx } from "../db/client";
import { companyUsers, employeeInvitations, users } from "../db/schema";
import { Conflict, Forbidden, Gone, NotFound } from "../errors";
import { memberJoinedMessage } from "../notifications/messages";
import { notifyMembersWho } from "../notifications/notify";
import { invitationStatus, presentMember } from "../presenters/team";
import { presentUser } from "../presenters/users";
import { addUserToCompanyRoom, publish } from "../publish";
import { findInvitationByToken, INVITATION_NOT_FOUND } from "../queries/invitations";
import { parseOrThrow } from "../validation";
import { linkIfFree } from "./link-member";
import { isEmailRegistered } from "./register-user";

export const INVITATION_EXPIRED = "This invitation has expired. Ask for a new invitation.";
export const INVITATION_USED = "This invitation has already been used.";
export const WRONG_ACCOUNT =
  "This invitation was sent to another email address. Sign out, then open the link again.";
export const ACCOUNT_EXISTS = "An account with this email already exists. Sign in to accept the invitation.";

type InvitationRow = typeof employeeInvitations.$inferSelect;

function assertUsable(invitation: Pick<InvitationRow, "isUsed" | "expiresAt">) {
  const status = invitationStatus(invitation);
  if (status === "used") throw new Gone(INVITATION_USED);
  if (status === "expired") throw new Gone(INVITATION_EXPIRED);
}

/** Marks the invitation used, unless someone else just did or it expired meanwhile (then 410). */
async function claim(tx: Tx, invitation: InvitationRow) {
  const claimed = await tx
    .update(employeeInvitations)
    .set({ isUsed: true, acceptedAt: new Date() })
    .where(
      and(
        eq(employeeInvitations.id, invitation.id),
        eq(employeeInvitations.isUsed, false),
        gt(employeeInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: employeeInvitations.id });
  if (claimed.length === 0) {
    const [current] = await tx
      .select()
      .from(employeeInvitations)
      .where(eq(employeeInvitations.id, invitation.id));
    if (!current) throw new NotFound(INVITATION_NOT_FOUND);
    throw new Gone(current.isUsed ? INVITATION_USED : INVITATION_EXPIRED);
  }
}

/** Adds the membership; someone who already belongs keeps the role they have. */
async function join(tx: Tx, invitation: InvitationRow, userId: string) {
  const [inserted] = await tx
    .insert(companyUsers)
    .values({ companyId: invitation.companyId, userId, role: invitation.role })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { membership: inserted, isNew: true };
  const [existing] = await tx
    .select()
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, invitation.companyId), eq(companyUsers.userId, userId)));
  return { membership: existing, isNew: false };
}

const isUniqueViolation = (error: unknown) => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code === "23505" || cause?.code === "23505";
};

/** A signed-in user, or the sign-up form of a signed-out person (checked only once the link is known to work). */
type Accepting = { userId: string } | { signUpForm: unknown };
type Joining = { userId: string } | { signUp: TInvitationSignUp; passwordHash: string };

/**
 * Accepts the invitation behind `token`: a signed-in user whose e-mail was invited joins
 * with the invited role (linked to the invitation's roster employee while it is free); a
 * signed-out person gets an account for the invited e-mail.
 * Used or expired: 410; signed in as someone else: 403.
 */
export async function acceptInvitation(token: string, who: Accepting): Promise<AcceptInvitationDTO> {
  const { invitation, companyName } = await findInvitationByToken(token);
  assertUsable(invitation);

  let joining: Joining;
  if ("userId" in who) {
    const [user] = await db.select().from(users).where(eq(users.id, who.userId)).limit(1);
    if (!user || user.email.toLowerCase() !== invitation.email.toLowerCase())
      throw new Forbidden(WRONG_ACCOUNT);
    joining = who;
  } else {
    const signUp = parseOrThrow(ZInvitationSignUp, who.signUpForm);
    if (await isEmailRegistered(invitation.email)) throw new Conflict(ACCOUNT_EXISTS);
    // bcrypt is slow on purpose: hash before the transaction opens, not inside it.
    joining = { signUp, passwordHash: await hashPassword(signUp.password) };
  }

  let result: Awaited<ReturnType<typeof acceptInTransaction>>;
  try {
    result = await db.transaction((tx) => acceptInTransaction(tx, invitation, joining));
  } catch (error) {
    // Two sign-ups for one e-mail at once: the unique index on users decides.
    if (isUniqueViolation(error)) throw new Conflict(ACCOUNT_EXISTS);
    throw error;
  }
  const { user, membership, isNew } = result;

  if (isNew) {
    addUserToCompanyRoom(user.id, invitation.companyId, membership.role as Role);
    const member: MemberDTO = presentMember({ membership, user });
    publish(invitation.companyId, "member.joined", { ...member, companyId: invitation.companyId });
    // The people who manage the team hear who joined (docs/realtime.md).
    await notifyMembersWho(
      invitation.companyId,
      "manageTeam",
      { kind: "member.joined", message: memberJoinedMessage(`${user.firstName} ${user.lastName}`) },
      user.id,
    );
  }
  publish(invitation.companyId, "invitation.deleted", { id: invitation.id, companyId: invitation.companyId });
  return {
    companyId: invitation.companyId,
    companyName,
    role: membership.role as Role,
    user: presentUser(user),
  };
}

async function acceptInTransaction(tx: Tx, invitation: InvitationRow, joining: Joining) {
  await claim(tx, invitation);
  let user: typeof users.$inferSelect;
  if ("userId" in joining) {
    [user] = await tx.select().from(users).where(eq(users.id, joining.userId));
  } else {
    [user] = await tx
      .insert(users)
      .values({
        email: invitation.email,
        password: joining.passwordHash,
        firstName: joining.signUp.firstName,
        lastName: joining.signUp.lastName,
      })
      .returning();
  }
  const { membership, isNew } = await join(tx, invitation, user.id);
  // The roster employee named in the invitation, unless someone else was linked to it meanwhile.
  const linked =
    isNew && invitation.employeeId ? await linkIfFree(tx, membership.id, invitation.employeeId) : undefined;
  return { user, membership: linked ?? membership, isNew };
}
