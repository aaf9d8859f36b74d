/**
 * Platform administration is for system administrators only (docs/admin.md): a signed-in
 * user whose users.is_system_admin is set, read on every request so a change takes effect
 * at once. The browser's fixed admin key header is public (it ships in the JavaScript),
 * so it is never a credential and is ignored.
 */
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { users } from "../db/schema";
import { Forbidden, Unauthorized } from "../errors";

export const NOT_SYSTEM_ADMIN = "Only system administrators can use the admin dashboard";

/** 401 when the account is gone, 403 unless the user is a system administrator now. */
export async function assertSystemAdmin(userId: string): Promise<void> {
  const [user] = await db
    .select({ isSystemAdmin: users.isSystemAdmin })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new Unauthorized();
  if (!user.isSystemAdmin) throw new Forbidden(NOT_SYSTEM_ADMIN);
}
