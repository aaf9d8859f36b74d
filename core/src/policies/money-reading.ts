/**
 * Reading the office's money (invoices, the price book's export): owners and admins, also
 * after a trial has ended, like every other reading (docs/api.md). Changes go through
 * `manageMoney`, which a read-only company may not do.
 */
import { can } from "@sched/shared-types";
import { Forbidden } from "../errors";
import type { CompanyAccess } from "./company-access";

export function assertReadsMoney(member: CompanyAccess): void {
  if (!can(member.role, "manageMoney")) throw new Forbidden();
}
