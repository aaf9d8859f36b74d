/**
 * The authorization door: authorize(member, action, row?) is the one way code checks
 * what a member may do. The role table itself is data in @sched/shared-types (roles.ts),
 * so the client's can(role, action) reads the same rows. See docs/api.md.
 */
import { type Action, can, isAllowedWhileReadOnly, ROLES } from "@sched/shared-types";
import { Forbidden, PaymentRequired } from "../errors";
import type { CompanyAccess } from "./company-access";

export type { Action, CompanyAccess };

/**
 * Throws 403 when the member's role may not do `action`, or 402 when the company's
 * trial has run out unpaid and the action is a change (except the field work an
 * employee-role member still records: the role table says which). With `row`, the row must also
 * belong to the member's company (a second lock behind the scoped query that loaded it).
 */
export function authorize(member: CompanyAccess, action: Action, row?: { companyId: string }): void {
  if (row && row.companyId !== member.companyId) throw new Forbidden();
  if (!can(member.role, action)) throw new Forbidden();
  if (member.isReadOnly && !isAllowedWhileReadOnly(member.role, action)) throw new PaymentRequired();
}

/** Whether the member may do `action` now, without throwing (for choosing between two paths). */
export function isAllowed(member: CompanyAccess, action: Action): boolean {
  return can(member.role, action) && (!member.isReadOnly || isAllowedWhileReadOnly(member.role, action));
}

/**
 * Whether membership alone decides `action`: every role may do it and it stays open after
 * a trial ends. Only such an action may skip loading the role (the chat poll's cheap door).
 */
export function isOpenToEveryMember(action: Action): boolean {
  return ROLES.every((role) => can(role, action) && isAllowedWhileReadOnly(role, action));
}
