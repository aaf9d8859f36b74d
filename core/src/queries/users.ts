/** The signed-in person's account (docs/auth.md): never the password hash. */
import type { UserDTO } from "@sched/shared-types";
import { eq, sql } from "drizzle-orm";
import { verifyPassword } from "../auth/passwords";
import { db } from "../db/client";
import { users } from "../db/schema";
import { presentUser } from "../presenters/users";

/** The user, or undefined once the account is gone. */
export async function getUser(userId: string): Promise<UserDTO | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ? presentUser(user) : undefined;
}

/**
 * The user whose e-mail (already lowercased) and password match, else undefined. The
 * password is checked even for an unknown e-mail, so the timing tells the two apart no more
 * than the answer does.
 */
export async function findUserByLogin(email: string, password: string): Promise<UserDTO | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  const isValid = await verifyPassword(password, user?.password);
  return user && isValid ? presentUser(user) : undefined;
}
