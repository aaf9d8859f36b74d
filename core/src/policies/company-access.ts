/**
 * A member's access to a company: the role and whether the company may still make
 * changes. Loaded once per request by the web process's company door, from memory when
 * the web process has it (core/src/cache/memberships.ts), else from the database.
 */
import type { Role } from "@sched/shared-types";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type MembershipRow, membershipCache } from "../cache/memberships";
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

/** Read-only is decided now, not when the row was read: a trial runs out by the clock. */
const accessOf = (userId: string, companyId: string, row: MembershipRow): CompanyAccess => ({
  companyId,
  userId,
  role: row.role as Role,
  isReadOnly: isCompanyReadOnly(row),
});

/**
 * The membership as this process keeps it in memory, without waiting for anything:
 * undefined when it is not kept (or the caches are off), which says nothing about
 * whether the user is a member. The fast lane asks this (server/src/http/fast-lane.ts).
 */
export function cachedCompanyAccess(userId: string, companyId: string): CompanyAccess | undefined {
  const cached = membershipCache.get(companyId, userId);
  return cached && accessOf(userId, companyId, cached);
}

/** Loads the user's membership of a company; undefined when not a member (or no such company). */
export async function loadCompanyAccess(
  userId: string,
  companyId: string,
): Promise<CompanyAccess | undefined> {
  const cached = cachedCompanyAccess(userId, companyId);
  if (cached) return cached;
  // Taken before the read: a change whose message arrives meanwhile keeps this answer out.
  const ticket = membershipCache.ticket();
  const found = await readMembership(userId, companyId, sql<null>`null`);
  if (!found) return undefined;
  membershipCache.fill(ticket, companyId, userId, found.row);
  return accessOf(userId, companyId, found.row);
}

/**
 * The membership and one more value read in the same statement, for a hot path that
 * should not pay a second round trip (the jobs list reads its ETag this way when its
 * version is not known in memory).
 */
export async function loadCompanyAccessWith<T>(
  userId: string,
  companyId: string,
  extra: SQL<T>,
): Promise<{ member: CompanyAccess; extra: T } | undefined> {
  const found = await readMembership(userId, companyId, extra);
  return found && { member: accessOf(userId, companyId, found.row), extra: found.extra };
}

async function readMembership<T>(
  userId: string,
  companyId: string,
  extra: SQL<T>,
): Promise<{ row: MembershipRow; extra: T } | undefined> {
  if (!isUuid(companyId)) return undefined;
  const [found] = await db
    .select({
      role: companyUsers.role,
      subscriptionStatus: companies.subscriptionStatus,
      trialEndsAt: companies.trialEndsAt,
      isFreeAccount: companies.isFreeAccount,
      extra,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .limit(1);
  if (!found) return undefined;
  const { extra: value, ...row } = found;
  return { row, extra: value };
}
