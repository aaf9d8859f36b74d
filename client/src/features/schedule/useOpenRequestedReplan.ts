import { type EmployeeDTO, weekStartOf } from "@sched/shared-types";
import { useEffect, useRef } from "react";
import type { ScheduleParams } from "./useScheduleParams";

/** The board's address that opens Mark out… for `employeeId` on `date` (the bell's sick day entry). */
export const replanPath = (employeeId: string, date: string) =>
  `/schedule?week=${weekStartOf(date)}&view=day&day=${date}&replan=${encodeURIComponent(employeeId)}`;

/**
 * Opens Mark out… for the person a link asks for (`?replan=<id>`) once the roster has loaded,
 * then drops the parameter so a reload does not open it again.
 */
export function useOpenRequestedReplan(
  params: ScheduleParams,
  employees: readonly EmployeeDTO[] | undefined,
  openMarkOut: ((employee: EmployeeDTO, date: string) => void) | undefined,
) {
  const { replanEmployeeId, day, clearReplan } = params;
  const openRef = useRef(openMarkOut);
  openRef.current = openMarkOut;
  const handled = useRef<string | null>(null);
  const requested = replanEmployeeId ? employees?.find((employee) => employee.id === replanEmployeeId) : null;

  useEffect(() => {
    if (!replanEmployeeId) {
      handled.current = null;
      return;
    }
    if (employees === undefined || handled.current === replanEmployeeId) return;
    handled.current = replanEmployeeId;
    if (requested && openRef.current) openRef.current(requested, day);
    clearReplan();
  }, [replanEmployeeId, employees, requested, day, clearReplan]);
}
