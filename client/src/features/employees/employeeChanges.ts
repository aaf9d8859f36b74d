/**
 * An employee as the Edit Employee form holds it, and how its fields read to a person
 * when someone else saved the employee first (docs/schedule.md:
 * the same choice for every row people edit side by side).
 */
import type { AvailabilityWindow, AvatarColor, EmployeeDTO } from "@sched/shared-types";
import type { FieldLabels } from "../../lib/staleChange";
import { availabilityText } from "../time-off/availabilityText";
import { avatarColorOf, colorLabel } from "./avatarColors";

export type EmployeeFormValues = {
  name: string;
  initials: string;
  avatarColor: AvatarColor;
  isActive: boolean;
  /** The weekly pattern (docs/time-off.md); [] for the company's days and hours. */
  availability: AvailabilityWindow[];
};

/** The Edit Employee form's values for `employee`. */
export function employeeFormValues(employee: EmployeeDTO): EmployeeFormValues {
  return {
    name: employee.name,
    initials: employee.initials,
    avatarColor: avatarColorOf(employee.avatarColor),
    isActive: employee.isActive,
    availability: employee.availability ?? [],
  };
}

export const EMPLOYEE_LABELS: FieldLabels<EmployeeFormValues> = {
  name: { label: "Full Name" },
  initials: { label: "Initials" },
  avatarColor: { label: "Avatar Color", show: colorLabel },
  isActive: { label: "Active", show: (isActive) => (isActive ? "Yes" : "No") },
  availability: { label: "Availability", show: availabilityText },
};
