import type { JobType } from "@sched/shared-types";
import { Form, Select } from "antd";
import { useEffect, useRef } from "react";
import { useCurrentCompany } from "../../entities/company/useCompanies";
import { useBoardSettings } from "../../entities/company/workingDays";

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((skill, index) => skill === b[index]);

/**
 * The job dialog's "Skills needed" (docs/schedule.md, "Skills"): names from the company's
 * list. Changing the job type suggests that type's skills, unless the user chose skills of
 * their own (a list that is still the previous type's is no choice), as Duration does.
 */
export function SkillsNeededField({ disabled }: { disabled: boolean }) {
  const form = Form.useFormInstance();
  const { companyId } = useCurrentCompany();
  const settings = useBoardSettings(companyId);
  const type = Form.useWatch("type", form) as JobType | undefined;
  const chosen = (Form.useWatch("requiredSkills", form) as string[] | undefined) ?? [];
  const previousType = useRef(type);
  const ofType = (of: JobType | undefined) => (of ? (settings.jobTypeSkills?.[of] ?? []) : []);

  useEffect(() => {
    const before = previousType.current;
    previousType.current = type;
    if (before === type || form.isFieldTouched("requiredSkills")) return;
    const current = (form.getFieldValue("requiredSkills") as string[] | undefined) ?? [];
    const beforeSkills = before ? (settings.jobTypeSkills?.[before] ?? []) : [];
    if (!sameList(current, beforeSkills)) return;
    form.setFieldValue("requiredSkills", type ? [...(settings.jobTypeSkills?.[type] ?? [])] : []);
  }, [type, settings, form]);

  const companySkills = settings.skills ?? [];
  // A skill the company has since removed still shows while the job needs it.
  const options = [...new Set([...companySkills, ...chosen])].map((skill) => ({
    value: skill,
    label: skill,
  }));
  if (companySkills.length === 0 && chosen.length === 0) return null;
  return (
    <Form.Item
      name="requiredSkills"
      label="Skills needed"
      extra={ofType(type).length > 0 ? `A ${type} job needs these by default.` : undefined}
    >
      <Select
        mode="multiple"
        allowClear
        disabled={disabled}
        options={options}
        placeholder="No special skills"
        aria-label="Skills needed"
        data-testid="job-required-skills"
      />
    </Form.Item>
  );
}
