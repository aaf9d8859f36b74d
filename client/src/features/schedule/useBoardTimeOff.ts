import { addDays, type EmployeeDTO } from "@sched/shared-types";
import { useMemo } from "react";
import { dayShades, timeOffByDay } from "../time-off/timeOffModel";
import { useTimeOff } from "../time-off/useTimeOff";
import type { ShadedRange } from "./timeline/TimelineRow";

/**
 * The board's time off (docs/time-off.md): the week on screen (and the Daily View's day),
 * by person and day for the Week View and By Employee, as shaded stretches for the
 * timeline, and as the list the conflict engine reads. Live through useTimeOff.
 */
export function useBoardTimeOff(
  companyId: string | null,
  week: string,
  day: string,
  roster: readonly EmployeeDTO[],
  showKind: boolean,
) {
  const weekEnd = addDays(week, 6);
  const from = day < week ? day : week;
  const to = day > weekEnd ? day : weekEnd;
  const { list } = useTimeOff(companyId, from, to);
  const byDay = useMemo(() => timeOffByDay(list), [list]);
  const shades = useMemo(() => {
    const map = new Map<string, readonly ShadedRange[]>();
    for (const employee of roster) {
      const stretches = dayShades(employee, day, byDay, showKind);
      if (stretches.length) map.set(employee.id, stretches);
    }
    return map;
  }, [roster, day, byDay, showKind]);
  return { list, byDay, dayShades: shades };
}
