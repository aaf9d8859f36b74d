/**
 * Asking for a link to choose a new password (docs/auth.md).
 * The same statement runs whether or not an account uses the address, and the worker is
 * woken without holding up the answer, so neither the answer nor its timing tells who has
 * an account here.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "../db/client";
import { mailOutbox, passwordResets, users } from "../db/schema";
import { passwordResetExpiry, passwordResetToken } from "../lib/password-reset-token";
import { hashToken } from "../lib/tokens";
import { hintMail } from "../mail-outbox/record";

/**
 * Creates a reset for the account of `email` (already lowercased), if there is one, with
 * its e-mail in the mail outbox (docs/reliability.md), and wakes a worker. `requestedBy` is the owner who sent it from the Team screen.
 * Resolves with the reset's id, or undefined when no account uses the address.
 */
export async function requestPasswordReset(
  email: string,
  requestedBy: string | null = null,
): Promise<string | undefined> {
  const id = randomUUID();
  const tokenHash = hashToken(passwordResetToken(id));
  // One insert-from-select: an unknown address costs the same statement and inserts nothing.
  // The outbox row comes in the same statement, so the reset and its e-mail commit together.
  const result = await db.execute<{ id: string }>(sql`
    with reset as (
      insert into ${passwordResets} (id, user_id, token_hash, expires_at, requested_by)
      select ${id}, ${users.id}, ${tokenHash}, ${passwordResetExpiry().toISOString()}, ${requestedBy}
      from ${users}
      where lower(${users.email}) = ${email}
      limit 1
      returning id
    ), owed as (
      insert into ${mailOutbox} (kind, subject_id)
      select 'password_reset', id from reset
    )
    select id from reset`);
  const created = result.rows[0]?.id;
  // Not awaited: a wake-up that Redis does not take leaves the e-mail to the worker's poll.
  if (created) void hintMail("password_reset", created);
  return created;
}
