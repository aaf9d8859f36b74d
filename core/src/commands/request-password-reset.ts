/**
 * Asking for a link to choose a new password (docs/auth.md, "A forgotten password").
 * The same statement runs whether or not an account uses the address, and the e-mail is
 * handed to the queue without holding up the answer, so neither the answer nor its timing
 * tells who has an account here.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "../db/client";
import { passwordResets, users } from "../db/schema";
import { passwordResetExpiry, passwordResetToken } from "../lib/password-reset-token";
import { hashToken } from "../lib/tokens";
import { enqueueEmail, passwordResetEmailJobId } from "../queues";

/**
 * Creates a reset for the account of `email` (already lowercased), if there is one, and
 * queues its e-mail. `requestedBy` is the owner who sent it from the Team screen.
 * Resolves with the reset's id, or undefined when no account uses the address.
 */
export async function requestPasswordReset(
  email: string,
  requestedBy: string | null = null,
): Promise<string | undefined> {
  const id = randomUUID();
  const tokenHash = hashToken(passwordResetToken(id));
  // One insert-from-select: an unknown address costs the same statement and inserts nothing.
  const result = await db.execute<{ id: string }>(sql`
    insert into ${passwordResets} (id, user_id, token_hash, expires_at, requested_by)
    select ${id}, ${users.id}, ${tokenHash}, ${passwordResetExpiry().toISOString()}, ${requestedBy}
    from ${users}
    where lower(${users.email}) = ${email}
    limit 1
    returning id`);
  const created = result.rows[0]?.id;
  if (created) {
    // Not awaited: enqueueing never fails (an e-mail Redis did not take waits for it).
    void enqueueEmail("sendPasswordResetEmail", { resetId: created }, passwordResetEmailJobId(created));
  }
  return created;
}
