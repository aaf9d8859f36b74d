import type { JobType } from "@sched/shared-types";
import { Form, Select } from "antd";
import { useEffect, useRef } from "react";
import { useCurrentCompany } from "../../entities/company/useCompanies";
import { useBoardSettings } from "../../entities/company/workingDays";
import { DURATION_OPTIONS, defaultDuration } from "../../entities/job/duration";

/**
 * The job dialog's Duration (docs/schedule.md): 15-minute
 * steps. Changing the job type suggests that type's default length, unless the user chose
 * a length of their own (a length that is still the previous type's default is no choice).
 */
export function DurationField({ disabled }: { disabled: boolean }) {
  const form = Form.useFormInstance();
  const { companyId } = useCurrentCompany();
  const settings = useBoardSettings(companyId);
  const type = Form.useWatch("type", form) as JobType | undefined;
  const previousType = useRef(type);

  useEffect(() => {
    const before = previousType.current;
    previousType.current = type;
    if (before === type || form.isFieldTouched("durationMinutes")) return;
    if (form.getFieldValue("durationMinutes") !== defaultDuration(settings, before)) return;
    form.setFieldValue("durationMinutes", defaultDuration(settings, type));
  }, [type, settings, form]);

  return (
    <Form.Item name="durationMinutes" label="Duration">
      <Select
        disabled={disabled}
        options={DURATION_OPTIONS}
        showSearch={{ optionFilterProp: "label" }}
        data-testid="job-duration"
      />
    </Form.Item>
  );
}
