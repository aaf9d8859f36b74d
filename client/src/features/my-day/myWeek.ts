import { addDays } from "@sched/shared-types";
import { queryKeys } from "../../lib/queryKeys";

/** The days a week strip shows: Monday to Sunday. */
export const STRIP_DAYS = 7;

/**
 * The key of one member's jobs of the week that starts on `monday`: My Day's list.
 */
export const myWeekJobsKey = (companyId: string, employeeId: string, monday: string) =>
  queryKeys.employeeJobs(companyId, employeeId, monday, addDays(monday, STRIP_DAYS - 1));
