/** Saving a company's settings: an upsert, so a company without a row gets one (docs/settings.md). */
import {
  type CompanySettingsDTO,
  type TCompanySettingsUpdate,
  WORKDAY_ORDER_INVALID,
} from "@sched/shared-types";
import { sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { companySettings } from "../db/schema";
import { BadRequest } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { presentCompanySettings } from "../presenters/company-settings";
import { publish } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";

/**
 * Writes the fields given; the others keep their value, or their column default on a first
 * save (drizzle leaves a field that is undefined out of both the insert and the update).
 */
async function upsertSettings(executor: Executor, companyId: string, input: TCompanySettingsUpdate) {
  const [row] = await executor
    .insert(companySettings)
    .values({ ...input, companyId })
    .onConflictDoUpdate({ target: companySettings.companyId, set: { ...input, updatedAt: sql`now()` } })
    .returning();
  return row;
}

/** PUT /api/companies/:companyId/settings: the owner changes some fields; every member's screens hear of it. */
export async function saveCompanySettings(
  member: CompanyAccess,
  input: TCompanySettingsUpdate,
): Promise<CompanySettingsDTO> {
  if (input.workdayStart !== undefined || input.workdayEnd !== undefined) {
    // One end sent alone is checked against the stored other end.
    const stored = await loadCompanySettings(member.companyId);
    const start = input.workdayStart ?? stored.workdayStart;
    const end = input.workdayEnd ?? stored.workdayEnd;
    if (start >= end)
      throw new BadRequest(WORKDAY_ORDER_INVALID, [{ path: "workdayEnd", message: WORKDAY_ORDER_INVALID }]);
  }
  const settings = presentCompanySettings(await upsertSettings(db, member.companyId, input));
  publish(member.companyId, "settings.updated", { ...settings, companyId: member.companyId });
  return settings;
}

/** A new company's first settings, inside the transaction that creates it (nothing to publish yet). */
export async function startCompanySettings(tx: Executor, companyId: string, input: TCompanySettingsUpdate) {
  if (Object.values(input).every((value) => value === undefined)) return;
  await upsertSettings(tx, companyId, input);
}
