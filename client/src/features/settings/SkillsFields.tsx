/**
 * The company's skills and what each job type needs (docs/schedule.md, "Skills"): type a
 * skill and press Enter to add it; employees hold them (Employees), a new job of a type
 * starts needing its skills (the job dialog). Fields of the settings form, saved with the rest.
 */
import { COMPANY_SKILLS_MAX, JOB_TYPES, SKILL_NAME_MAX, skillKey } from "@sched/shared-types";
import { Form, type FormRule, Select } from "antd";

/** The list's own rules, in the server's words: each name once, 40 characters, 50 at most. */
const skillsRule: FormRule = {
  validator: async (_rule, value: string[] | undefined) => {
    const skills = (value ?? []).map((skill) => skill.trim());
    const long = skills.find((skill) => skill.length > SKILL_NAME_MAX);
    if (long) throw new Error(`A skill must be ${SKILL_NAME_MAX} characters or less`);
    if (skills.length > COMPANY_SKILLS_MAX)
      throw new Error(`A company can have at most ${COMPANY_SKILLS_MAX} skills`);
    const seen = new Set<string>();
    for (const skill of skills) {
      if (seen.has(skillKey(skill))) throw new Error(`"${skill}" is listed twice`);
      seen.add(skillKey(skill));
    }
  },
};

export function SkillsFields() {
  const skills = (Form.useWatch("skills") as string[] | undefined) ?? [];
  const options = skills.map((skill) => ({ value: skill, label: skill }));
  return (
    <fieldset className="settings__group" aria-label="Skills">
      <legend className="settings__legend">Skills</legend>
      <p className="settings__hint">
        Certifications and know-how such as gas or backflow tester. Give them to employees on the Employees
        screen; a job given to someone without the skills it needs is flagged, never refused.
      </p>
      <Form.Item label="Company skills" name="skills" rules={[skillsRule]}>
        <Select
          mode="tags"
          tokenSeparators={[","]}
          placeholder="Type a skill and press Enter"
          aria-label="Company skills"
          data-testid="company-skills"
        />
      </Form.Item>
      {skills.length > 0 ? (
        <>
          <p className="settings__hint">
            A new job of each type starts needing these skills; the job dialog can change them.
          </p>
          <div className="settings__pair">
            {JOB_TYPES.map((type) => (
              <Form.Item key={type} label={`${type} needs`} name={["jobTypeSkills", type]}>
                <Select
                  mode="multiple"
                  allowClear
                  options={options}
                  placeholder="No skills"
                  aria-label={`Skills a ${type} job needs`}
                  data-testid={`job-type-skills-${type}`}
                />
              </Form.Item>
            ))}
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
