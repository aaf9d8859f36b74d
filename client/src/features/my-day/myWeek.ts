import { addDays } from "@sched/shared-types";
import { queryKeys } from "../../lib/queryKeys";

/** The days a week strip shows: Monday to Sunday. */
export const STRIP_DAYS = 7;

/**
 * The key of one member's jobs of the week that starts on `monday`: My Day's list.
 */
export const myWeekJobsKey = (companyId: string, employeeId: string, monday: string) =>
  queryKeys.employeeJobs(companyId, employeeId, monday, addDays(monday, STRIP_DAYS - 1));

/** How old the jobs on screen are, when they come from what the phone kept (docs/offline.md). */
export function updatedAgo(updatedAt: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - updatedAt) / 60_000));
  if (minutes < 1) return "Updated just now";
  if (minutes < 60) return `Updated ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `Updated ${hours} h ago` : `Updated ${Math.floor(hours / 24)} d ago`;
}
