/**
 * An employee as the Edit Employee form holds it, and how its fields read to a person
 * when someone else saved the employee first (docs/schedule.md:
 * the same choice for every row people edit side by side).
 */
import type { AvailabilityWindow, AvatarColor, EmployeeDTO } from "@sched/shared-types";
import { availabilityText } from "../../entities/employee/availabilityText";
import { avatarColorOf, colorLabel } from "../../entities/employee/avatarColors";
import type { FieldLabels } from "../../lib/staleChange";

export type EmployeeFormValues = {
  name: string;
  initials: string;
  avatarColor: AvatarColor;
  isActive: boolean;
  /** The weekly pattern (docs/time-off.md); [] for the company's days and hours. */
  availability: AvailabilityWindow[];
  /** How the office reaches them; null when not given. */
  phone: string | null;
  email: string | null;
  /** Company skills they hold (docs/schedule.md, "Skills"). */
  skills: string[];
};

/** The Edit Employee form's values for `employee`. */
export function employeeFormValues(employee: EmployeeDTO): EmployeeFormValues {
  return {
    name: employee.name,
    initials: employee.initials,
    avatarColor: avatarColorOf(employee.avatarColor),
    isActive: employee.isActive,
    availability: employee.availability ?? [],
    phone: employee.phone ?? null,
    email: employee.email ?? null,
    skills: employee.skills ?? [],
  };
}

export const EMPLOYEE_LABELS: FieldLabels<EmployeeFormValues> = {
  name: { label: "Full Name" },
  initials: { label: "Initials" },
  avatarColor: { label: "Avatar Color", show: colorLabel },
  isActive: { label: "Active", show: (isActive) => (isActive ? "Yes" : "No") },
  availability: { label: "Availability", show: availabilityText },
  phone: { label: "Phone", show: (phone) => phone ?? "none" },
  email: { label: "Email", show: (email) => email ?? "none" },
  skills: { label: "Skills", show: (skills) => (skills.length > 0 ? skills.join(", ") : "none") },
};
