/**
 * A member's access to a company: the role and whether the company may still make
 * changes. Read from the database once per request by the web process's company door,
 * so a removal or a role change is in force on the very next request, on every process.
 */
import type { Role } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "../db/client";
import { companies, companyUsers } from "../db/schema";
import { isCompanyReadOnly } from "./subscription-state";

export type CompanyAccess = {
  companyId: string;
  userId: string;
  role: Role;
  /** True once a trial has run out with no plan and no free access: reads only. */
  isReadOnly: boolean;
};

const UUID = z.uuid();
const isUuid = (value: string) => UUID.safeParse(value).success;

/** Loads the user's membership of a company; undefined when not a member (or no such company). */
export async function loadCompanyAccess(
  userId: string,
  companyId: string,
): Promise<CompanyAccess | undefined> {
  if (!isUuid(companyId)) return undefined;
  const [found] = await db
    .select({
      role: companyUsers.role,
      subscriptionStatus: companies.subscriptionStatus,
      trialEndsAt: companies.trialEndsAt,
      isFreeAccount: companies.isFreeAccount,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .limit(1);
  if (!found) return undefined;
  return {
    companyId,
    userId,
    role: found.role as Role,
    // Decided now, not stored: a trial runs out by the clock.
    isReadOnly: isCompanyReadOnly(found),
  };
}

/**
 * Whether the user belongs to the company, and nothing else: one read of company_user by
 * its (company, user) index, for the 3 s chat poll, open to every member at all times.
 */
export async function isCompanyMember(userId: string, companyId: string): Promise<boolean> {
  if (!isUuid(companyId)) return false;
  const [found] = await db
    .select({ id: companyUsers.id })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .limit(1);
  return found !== undefined;
}
