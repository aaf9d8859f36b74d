/**
 * Choosing a new password through a reset link (docs/auth.md):
 * the link works once and for an hour; the new password ends every session of the
 * account, on every device, and their open sockets with them.
 */
import { PASSWORD_RESET_LINK_INVALID, type UserDTO } from "@sched/shared-types";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import { db } from "../db/client";
import { passwordResets, sessions, users } from "../db/schema";
import { Gone, NotFound } from "../errors";
import { hashToken, isWellFormedToken } from "../lib/tokens";
import { presentUser } from "../presenters/users";
import { disconnectUserSockets } from "../publish";

/**
 * Sets the password of the reset's account and ends its sessions. 404 for a link that
 * never existed, 410 for one used or past its hour (the same words: the person asks anew).
 */
export async function resetPassword(token: string, password: string): Promise<UserDTO> {
  if (!isWellFormedToken(token)) throw new NotFound(PASSWORD_RESET_LINK_INVALID);
  const tokenHash = hashToken(token);
  // bcrypt is slow on purpose: hashed before the transaction, so no lock waits on it.
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    // Claimed by one statement: two tabs sending the link at once set one password.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) {
      const [known] = await tx
        .select({ id: passwordResets.id })
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, tokenHash));
      if (!known) throw new NotFound(PASSWORD_RESET_LINK_INVALID);
      throw new Gone(PASSWORD_RESET_LINK_INVALID);
    }
    const { userId } = claimed;
    const [updated] = await tx
      .update(users)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    // Older links of the account stop working too: the password they were for is gone.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    // Whoever holds an old session (a stolen phone, a guessed password) is out on their next request.
    await tx.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`);
    return updated;
  });
  if (!user) throw new NotFound(PASSWORD_RESET_LINK_INVALID);
  // After the commit: the sockets reconnect, and the handshake finds no session.
  disconnectUserSockets(user.id);
  return presentUser(user);
}
