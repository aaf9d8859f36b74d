/** Saving a company's settings: an upsert, so a company without a row gets one (docs/settings.md). */
import {
  type CompanySettingsDTO,
  canonicalSkills,
  skillKey,
  type TCompanySettingsUpdate,
  unknownSkillMessage,
  WORKDAY_ORDER_INVALID,
} from "@sched/shared-types";
import { and, eq, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { companySettings, employees } from "../db/schema";
import { BadRequest } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { presentCompanySettings } from "../presenters/company-settings";
import { presentEmployee } from "../presenters/employees";
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
  if (input.skills === undefined && input.jobTypeSkills === undefined) {
    const settings = presentCompanySettings(await upsertSettings(db, member.companyId, input));
    publish(member.companyId, "settings.updated", { ...settings, companyId: member.companyId });
    return settings;
  }
  const { row, employeesChanged } = await db.transaction(async (tx) => {
    // The row is locked so two saves of the skills run one after the other.
    await tx.execute(
      sql`select 1 from ${companySettings} where ${companySettings.companyId} = ${member.companyId} for update`,
    );
    const stored = await loadCompanySettings(member.companyId, tx);
    const skills = input.skills ?? stored.skills;
    const jobTypeSkills = skillsOfJobTypes(input, stored, skills);
    const row = await upsertSettings(tx, member.companyId, { ...input, skills, jobTypeSkills });
    const employeesChanged = await dropRemovedSkills(tx, member, stored.skills, skills);
    return { row, employeesChanged };
  });
  const settings = presentCompanySettings(row);
  publish(member.companyId, "settings.updated", { ...settings, companyId: member.companyId });
  for (const employee of employeesChanged)
    publish(member.companyId, "employee.updated", presentEmployee(employee));
  return settings;
}

/**
 * Each job type's default skills, spelled as `skills` spells them. Sent: an unknown name is
 * refused (400 "Unknown skill: gas"); stored: a skill the company no longer has is dropped.
 */
function skillsOfJobTypes(
  input: TCompanySettingsUpdate,
  stored: CompanySettingsDTO,
  skills: readonly string[],
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [type, names] of Object.entries(input.jobTypeSkills ?? stored.jobTypeSkills)) {
    const sent = input.jobTypeSkills !== undefined;
    const known = sent
      ? (names ?? [])
      : (names ?? []).filter((name) => !("unknown" in canonicalSkills([name], skills)));
    const canonical = canonicalSkills(known, skills);
    if ("unknown" in canonical) {
      const message = unknownSkillMessage(canonical.unknown);
      throw new BadRequest(message, [{ path: `jobTypeSkills.${type}`, message }]);
    }
    if (canonical.skills.length > 0) result[type] = canonical.skills;
  }
  return result;
}

/** A skill the company took off its list is taken off its employees too (each a new version). */
async function dropRemovedSkills(
  tx: Executor,
  member: CompanyAccess,
  before: readonly string[],
  after: readonly string[],
) {
  const kept = new Set(after.map(skillKey));
  const removed = new Set(before.map(skillKey).filter((key) => !kept.has(key)));
  if (removed.size === 0) return [];
  const holders = await tx
    .select()
    .from(employees)
    .where(and(eq(employees.companyId, member.companyId), sql`cardinality(${employees.skills}) > 0`))
    .for("update");
  const changed: (typeof employees.$inferSelect)[] = [];
  for (const employee of holders) {
    const skills = employee.skills.filter((skill) => !removed.has(skillKey(skill)));
    if (skills.length === employee.skills.length) continue;
    const [updated] = await tx
      .update(employees)
      .set({ skills, version: employee.version + 1, updatedBy: member.userId, updatedAt: new Date() })
      .where(eq(employees.id, employee.id))
      .returning();
    changed.push(updated);
  }
  return changed;
}

/** A new company's first settings, inside the transaction that creates it (nothing to publish yet). */
export async function startCompanySettings(tx: Executor, companyId: string, input: TCompanySettingsUpdate) {
  if (Object.values(input).every((value) => value === undefined)) return;
  await upsertSettings(tx, companyId, input);
}
