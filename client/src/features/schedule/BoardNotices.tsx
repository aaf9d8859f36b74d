/**
 * What the office reads under the board's toolbar (docs/schedule.md): the first-run
 * checklist, time off asked for, sick-day re-plans and the day's optimizations still
 * undoable. Only those who plan see them.
 */
import type { EmployeeDTO } from "@sched/shared-types";
import { UndoableReplans } from "../absence-plan/UndoableReplans";
import { FirstRunChecklist } from "../first-run/FirstRunChecklist";
import { UndoableOptimizations } from "../optimize-day/UndoableOptimizations";
import { TimeOffRequests } from "../time-off/TimeOffRequests";
import type { ScheduleView } from "./useScheduleParams";

export function BoardNotices(props: {
  companyId: string;
  params: { today: string; day: string; view: ScheduleView };
  employees: readonly EmployeeDTO[];
  hasJob: boolean;
  onAddJob: () => void;
  onReplan: (employee: EmployeeDTO, date: string) => void;
}) {
  const { companyId, params, employees } = props;
  return (
    <>
      {/* First under the toolbar, where a new owner looks first (issue 51); one line on a laptop. */}
      <FirstRunChecklist hasEmployee={employees.length > 0} hasJob={props.hasJob} onAddJob={props.onAddJob} />
      <TimeOffRequests
        companyId={companyId}
        today={params.today}
        employees={employees}
        onReplan={props.onReplan}
      />
      <UndoableReplans companyId={companyId} today={params.today} employees={employees} />
      {/* The day's optimizations still undoable, where the day is on screen (docs/schedule.md). */}
      {params.view === "day" || params.view === "map" ? (
        <UndoableOptimizations companyId={companyId} date={params.day} />
      ) : null}
    </>
  );
}
