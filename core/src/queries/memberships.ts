import type { Role } from "@sched/shared-types";
import { asc, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { companies, companyUsers } from "../db/schema";

/** A company the user belongs to, with their role there and their roster employee (or null). */
export type Membership = { id: string; name: string; role: Role; employeeId: string | null };

/**
 * The user's memberships with the company names, oldest first: the company switcher
 * lists them (docs/api.md) and a new socket joins each company's room.
 */
export async function listMemberships(userId: string): Promise<Membership[]> {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      // The column holds only the app's roles: every write takes them from ROLES.
      role: sql<Role>`${companyUsers.role}`,
      employeeId: companyUsers.employeeId,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companyUsers.userId, userId))
    .orderBy(asc(companyUsers.joinedAt), asc(companies.name));
}
