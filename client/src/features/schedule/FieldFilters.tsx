/**
 * The board's filters by a job's fields (docs/schedule.md): one list per field the job's
 * field list marks `filter` (shared-types/src/job-fields.ts), such as the priority. Empty
 * shows every job; values chosen show the jobs with one of them, in every view.
 */
import {
  FILTER_FIELDS,
  JOB_FIELDS,
  type JobChoiceField,
  type JobDTO,
  jobChoiceOptions,
} from "@sched/shared-types";
import { Select } from "antd";

/** The values chosen per field; a field left out (or empty) filters nothing. */
export type FieldFilterValues = Partial<Record<JobChoiceField, string[]>>;

/** Whether `job` has one of the chosen values of every filtered field. */
export function matchesFieldFilters(job: JobDTO, filters: FieldFilterValues): boolean {
  return FILTER_FIELDS.every((name) => {
    const chosen = filters[name];
    return !chosen || chosen.length === 0 || chosen.includes(String(job[name]));
  });
}

export const isFiltering = (filters: FieldFilterValues) =>
  FILTER_FIELDS.some((name) => (filters[name]?.length ?? 0) > 0);

type FieldFiltersProps = { value: FieldFilterValues; onChange: (value: FieldFilterValues) => void };

export function FieldFilters({ value, onChange }: FieldFiltersProps) {
  return (
    <>
      {FILTER_FIELDS.map((name) => (
        <Select
          key={name}
          mode="multiple"
          allowClear
          size="small"
          className="field-filter"
          style={{ minWidth: 150 }}
          maxTagCount="responsive"
          placeholder={`Any ${JOB_FIELDS[name].label.toLowerCase()}`}
          aria-label={`Show only ${JOB_FIELDS[name].label.toLowerCase()}`}
          data-testid={`filter-${name}`}
          options={jobChoiceOptions(name).map(({ value: option, label }) => ({ value: option, label }))}
          value={value[name] ?? []}
          onChange={(chosen: string[]) => onChange({ ...value, [name]: chosen })}
        />
      ))}
    </>
  );
}
