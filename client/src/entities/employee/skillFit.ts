/**
 * Who fits a job's skills (docs/schedule.md, "Skills"): the pickers list those holding
 * every skill the job needs first, each marked "has gas", and mark the others "lacks gas".
 */
import { type EmployeeDTO, missingSkills, skillsText } from "@sched/shared-types";

/** `employees` with those holding every one of `required` first, each group in its own order. */
export function fittingFirst<T extends Pick<EmployeeDTO, "skills">>(
  employees: readonly T[],
  required: readonly string[] | undefined,
): T[] {
  if (!required?.length) return [...employees];
  const fits = (employee: T) => missingSkills(required, employee.skills).length === 0;
  return [...employees.filter(fits), ...employees.filter((employee) => !fits(employee))];
}

/** "has gas", "lacks backflow tester", or "" when the job needs no skill. */
export function skillFitWords(
  employee: Pick<EmployeeDTO, "skills">,
  required: readonly string[] | undefined,
): string {
  if (!required?.length) return "";
  const missing = missingSkills(required, employee.skills);
  return missing.length === 0 ? `has ${skillsText(required)}` : `lacks ${skillsText(missing)}`;
}
