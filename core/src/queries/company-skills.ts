/**
 * Skills against the company's list (docs/schedule.md, "Skills"): an employee's or a job's
 * skills must be names the company knows, stored as the company spells them.
 */
import { canonicalSkills, type JobType, unknownSkillMessage } from "@sched/shared-types";
import { db, type Executor } from "../db/client";
import { BadRequest } from "../errors";
import { loadCompanySettings } from "./company-settings";

/**
 * `names` as the company's list spells them; `kept` are names the row already holds, still
 * allowed after the company removed them from its list (a job keeps what it needed).
 * Unknown: 400 "Unknown skill: gas" on `path`.
 */
export async function knownSkills(
  companyId: string,
  names: readonly string[],
  path: string,
  kept: readonly string[] = [],
  executor: Executor = db,
): Promise<string[]> {
  if (names.length === 0) return [];
  const { skills } = await loadCompanySettings(companyId, executor);
  const result = canonicalSkills(names, [...skills, ...kept]);
  if ("unknown" in result) {
    const message = unknownSkillMessage(result.unknown);
    throw new BadRequest(message, [{ path, message }]);
  }
  return result.skills;
}

/** The skills a new job of `type` needs when the request names none: the company's default for the type. */
export async function defaultJobSkills(companyId: string, type: JobType, executor: Executor = db) {
  const settings = await loadCompanySettings(companyId, executor);
  return settings.jobTypeSkills[type] ?? [];
}
