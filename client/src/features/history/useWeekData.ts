import { addDays, type EmployeeDTO, EXPORT_DAYS, type JobDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../lib/queryKeys";

/** The jobs of exactly one week, Monday to Sunday: what the week page shows and the export writes. */
export const weekJobsKey = (companyId: string, weekStart: string) =>
  queryKeys.jobs(companyId, weekStart, addDays(weekStart, EXPORT_DAYS - 1));

export function useWeekJobsExact(companyId: string, weekStart: string) {
  return useQuery<JobDTO[]>({ queryKey: weekJobsKey(companyId, weekStart) });
}

export function useAllEmployees(companyId: string) {
  return useQuery<EmployeeDTO[]>({ queryKey: queryKeys.employees(companyId) });
}

/**
 * The rows of a past week: everyone active now, plus anyone since deactivated who worked
 * that week (their jobs stay in the history), by name.
 */
export function historyRows(employees: readonly EmployeeDTO[], jobs: readonly JobDTO[]): EmployeeDTO[] {
  const worked = new Set(jobs.map((job) => job.employeeId));
  return employees
    .filter((employee) => employee.isActive || worked.has(employee.id))
    .sort((a, b) => a.name.localeCompare(b.name));
}
