/**
 * Company access: which company a request is about, whether the signed-in user is
 * a member, with which role, and whether the company may still make changes.
 */
import { COMPANY_HEADER, type Role } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { z } from "zod";
import { db } from "../db/client";
import { companies, companyUsers } from "../db/schema";
import { BadRequest, Forbidden, PaymentRequired, Unauthorized } from "../errors";
import { type Action, can, isAllowedWhileReadOnly } from "../policies";
import { isCompanyReadOnly } from "./subscription-state";

export type CompanyAccess = {
  companyId: string;
  userId: string;
  role: Role;
  /** True once a trial has run out with no plan and no free access: reads only. */
  isReadOnly: boolean;
};

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** companyId from the query (GET/DELETE), the body (POST/PUT), or the X-Company-Id header. */
export function companyIdOf(req: Request): string | undefined {
  const fromQuery = typeof req.query.companyId === "string" ? req.query.companyId : undefined;
  const body = req.body as { companyId?: unknown } | undefined;
  const fromBody = body && typeof body.companyId === "string" ? body.companyId : undefined;
  const fromParams = typeof req.params.companyId === "string" ? req.params.companyId : undefined;
  return fromParams ?? fromQuery ?? fromBody ?? req.get(COMPANY_HEADER) ?? undefined;
}

/** Loads the user's membership of a company; undefined when not a member (or no such company). */
export async function loadCompanyAccess(
  userId: string,
  companyId: string,
): Promise<CompanyAccess | undefined> {
  if (!isUuid(companyId)) return undefined;
  const [row] = await db
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
  if (!row) return undefined;
  return { companyId, userId, role: row.role as Role, isReadOnly: isCompanyReadOnly(row) };
}

/**
 * Authorizes a company-scoped request for `action`: 400 without a company id,
 * 403 for a non-member or a role the table refuses, 402 for a change once the
 * trial has run out unpaid. Sets `req.member`.
 */
export function requireCompany(action: Action): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (!req.userId) throw new Unauthorized();
    const companyId = companyIdOf(req);
    if (!companyId) throw new BadRequest("Company id is required");
    const member = await loadCompanyAccess(req.userId, companyId);
    if (!member) throw new Forbidden("You are not a member of this company");
    authorize(member, action);
    req.member = member;
    next();
  };
}

/** Throws 403 or 402 when `member` may not do `action` now. */
export function authorize(member: CompanyAccess, action: Action): void {
  if (!can(member.role, action)) throw new Forbidden();
  if (member.isReadOnly && !isAllowedWhileReadOnly(action)) throw new PaymentRequired();
}

/** The member set by requireCompany; a programming error if absent. */
export function memberOf(req: Request): CompanyAccess {
  if (!req.member) throw new Error("requireCompany must run before this handler");
  return req.member;
}
