/**
 * Skills as requests send them (docs/schedule.md, "Skills"). The company's list is checked
 * here in full; an employee's or a job's list is checked here for its shape and by the
 * command against the company's list ("Unknown skill: gas").
 */
import { z } from "zod";
import { JOB_TYPES } from "../constants";
import {
  COMPANY_SKILLS_MAX,
  JOB_TYPE_SKILLS_INVALID,
  SKILL_NAME_MAX,
  SKILL_NAME_REQUIRED,
  SKILL_NAME_TOO_LONG,
  SKILLS_INVALID,
  SKILLS_TOO_MANY,
  skillDuplicateMessage,
  skillKey,
} from "../skills";

/** One skill's name: trimmed, 1 to 40 characters. */
export const ZSkillName = z
  .string({ message: SKILLS_INVALID })
  .trim()
  .min(1, { message: SKILL_NAME_REQUIRED })
  .max(SKILL_NAME_MAX, { message: SKILL_NAME_TOO_LONG });

/** Skills an employee holds or a job needs: names the company knows, checked by the command. */
export const ZSkillList = z.array(ZSkillName, { message: SKILLS_INVALID }).max(COMPANY_SKILLS_MAX, {
  message: SKILLS_TOO_MANY,
});

/** The company's own list: each name once, whatever its case, at most 50. */
export const ZCompanySkills = z
  .array(ZSkillName, { message: SKILLS_INVALID })
  .max(COMPANY_SKILLS_MAX, { message: SKILLS_TOO_MANY })
  .superRefine((skills, ctx) => {
    const seen = new Set<string>();
    for (const skill of skills) {
      const key = skillKey(skill);
      if (seen.has(key)) {
        ctx.addIssue({ code: "custom", message: skillDuplicateMessage(skill) });
        return;
      }
      seen.add(key);
    }
  });

/** The skills a job of each type needs by default; a type left out (or sent as null) needs none. */
export const ZJobTypeSkills = z.preprocess(
  (value) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value).filter(([, skills]) => skills !== null && skills !== undefined),
        )
      : value,
  z.partialRecord(z.enum(JOB_TYPES, { message: JOB_TYPE_SKILLS_INVALID }), ZSkillList, {
    message: JOB_TYPE_SKILLS_INVALID,
  }),
);
