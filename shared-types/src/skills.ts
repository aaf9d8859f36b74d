/**
 * Skills (docs/schedule.md, "Skills"): the company names them ("gas", "backflow tester"),
 * employees hold some, a job needs some. Names compare without regard to case; everything
 * stored is spelled as the company's list spells it. No zod here: the conflict engine and
 * the pickers read these helpers on the first paint.
 */

export const SKILL_NAME_MAX = 40;
export const COMPANY_SKILLS_MAX = 50;

export const SKILL_NAME_REQUIRED = "A skill needs a name";
export const SKILL_NAME_TOO_LONG = `A skill must be ${SKILL_NAME_MAX} characters or less`;
export const SKILLS_TOO_MANY = `A company can have at most ${COMPANY_SKILLS_MAX} skills`;
export const SKILLS_INVALID = "Skills must be a list of names";
export const skillDuplicateMessage = (name: string) => `"${name}" is listed twice`;
export const unknownSkillMessage = (name: string) => `Unknown skill: ${name}`;
export const JOB_TYPE_SKILLS_INVALID = "Job type skills must name job types";

/** The key two spellings of one skill share. */
export const skillKey = (name: string) => name.trim().toLowerCase();

/** Whether `held` holds `needed`, without regard to case. */
export function hasSkill(held: readonly string[] | undefined, needed: string): boolean {
  const key = skillKey(needed);
  return (held ?? []).some((skill) => skillKey(skill) === key);
}

/** The skills of `required` that `held` lacks, in `required`'s order. */
export function missingSkills(
  required: readonly string[] | undefined,
  held: readonly string[] | undefined,
): string[] {
  return (required ?? []).filter((skill) => !hasSkill(held, skill));
}

/** Whether `held` holds every one of `required` (nothing required: yes). */
export const fitsSkills = (required: readonly string[] | undefined, held: readonly string[] | undefined) =>
  missingSkills(required, held).length === 0;

/** "gas", "gas and backflow tester", "gas, backflow tester and welding". */
export function skillsText(skills: readonly string[]): string {
  if (skills.length <= 1) return skills.join("");
  return `${skills.slice(0, -1).join(", ")} and ${skills.at(-1)}`;
}

/**
 * The `skills` warning's words: "Needs gas; Sam does not have it", "Needs gas and backflow
 * tester; Sam has neither", "Needs gas, welding and backflow tester; Sam lacks welding and
 * backflow tester".
 */
export function skillsWarningText(
  required: readonly string[],
  missing: readonly string[],
  name: string,
): string {
  const needs = `Needs ${skillsText(required)}`;
  if (missing.length === required.length) {
    if (missing.length === 1) return `${needs}; ${name} does not have it`;
    if (missing.length === 2) return `${needs}; ${name} has neither`;
    return `${needs}; ${name} has none of them`;
  }
  return `${needs}; ${name} lacks ${skillsText(missing)}`;
}

/**
 * `names` spelled as the company's list spells them, or the first name the list does not
 * know. Repeats are dropped; the order is the one given.
 */
export function canonicalSkills(
  names: readonly string[],
  companySkills: readonly string[],
): { skills: string[] } | { unknown: string } {
  const byKey = new Map(companySkills.map((skill) => [skillKey(skill), skill]));
  const skills: string[] = [];
  for (const name of names) {
    const known = byKey.get(skillKey(name));
    if (!known) return { unknown: name.trim() };
    if (!skills.includes(known)) skills.push(known);
  }
  return { skills };
}
