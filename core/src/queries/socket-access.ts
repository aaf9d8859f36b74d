/**
 * What the Socket.IO gateway reads (server/src/realtime/gateway.ts, revalidate.ts): who a
 * socket's user is, and whether its sessions and memberships still hold.
 */
import type { Role } from "@sched/shared-types";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { db } from "../db/client";
import { companyUsers, sessions, users } from "../db/schema";

/** The user's name, or undefined when the account is gone. */
export async function loadUserName(userId: string) {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user;
}

/** Which of these sessions are still live (present and unexpired). */
export async function liveSessionIds(sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(and(inArray(sessions.sid, sessionIds), gte(sessions.expire, sql`now()`)));
  return new Set(rows.map((row) => row.sid));
}

/** Each user's role per company, keyed `${userId} ${companyId}`, for these users. */
export async function rolesOfUsers(userIds: string[]): Promise<Map<string, Role>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: companyUsers.userId, companyId: companyUsers.companyId, role: companyUsers.role })
    .from(companyUsers)
    .where(inArray(companyUsers.userId, userIds));
  // The column holds only the app's roles: every write takes them from ROLES.
  return new Map(rows.map((row) => [`${row.userId} ${row.companyId}`, row.role as Role]));
}
