import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { TRAY_DEFAULT_TIME } from "@sched/shared-types";
import { Modal } from "antd";
import dayjs from "dayjs";
import { useId, useState } from "react";
import { fittingFirst, skillFitWords } from "../../entities/employee/skillFit";
import { formatTime } from "../../lib/dates";
import { moveDates } from "./gridModel";
import "./move-job-dialog.css";

/** The Day choice that puts the job in the Unscheduled tray. */
const UNSCHEDULED_VALUE = "unscheduled";

type MoveJobDialogProps = {
  job: JobDTO;
  /** Who the job may go to (the board's active employees). */
  employees: EmployeeDTO[];
  /** The day the board shows: the week offered to a job from the Unscheduled tray. */
  boardDay: string;
  /** The company's working days (ISO weekdays): the days the board shows, so the days offered. */
  workingDays: readonly number[];
  onMove: (job: JobDTO, employeeId: string, date: string, time?: string) => void;
  onUnschedule: (job: JobDTO) => void;
  onClose: () => void;
};

/**
 * "Move to…": the keyboard (and touch) way to do what dragging a card does on the Week
 * View — choose the day of the job's week and the employee, or "Unscheduled" for the
 * tray; a job from the tray also gets a time. The move offers Undo like a drop does
 * (docs/accessibility.md, docs/schedule.md).
 */
export function MoveJobDialog({
  job,
  employees,
  boardDay,
  workingDays,
  onMove,
  onUnschedule,
  onClose,
}: MoveJobDialogProps) {
  const isUnscheduled = job.date === null;
  const firstDate = job.date ?? boardDay;
  const days = moveDates(firstDate, workingDays).map((date) => ({
    value: date,
    label: dayjs(date).format("dddd, MMM D"),
  }));
  const [date, setDate] = useState(firstDate);
  // Who holds the skills the job needs first, marked "has gas" (docs/schedule.md, "Skills").
  const choices = fittingFirst(employees, job.requiredSkills);
  const [employeeId, setEmployeeId] = useState(job.employeeId ?? choices[0]?.id ?? "");
  const [time, setTime] = useState(job.time ?? TRAY_DEFAULT_TIME);
  const dayId = useId();
  const employeeFieldId = useId();
  const timeId = useId();
  const toTray = date === UNSCHEDULED_VALUE;
  const isUnchanged = isUnscheduled ? toTray : date === job.date && employeeId === job.employeeId;
  const isIncomplete = !toTray && (!employeeId || (isUnscheduled && !/^\d{2}:\d{2}$/.test(time)));

  return (
    <Modal
      open
      title="Move job"
      okText="Move"
      okButtonProps={{ disabled: isUnchanged || isIncomplete, "data-testid": "move-job-submit" }}
      onOk={() => {
        if (toTray) onUnschedule(job);
        else onMove(job, employeeId, date, isUnscheduled ? time : undefined);
        onClose();
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="move-job__what">
        {job.type} at {job.location}, {job.time ? formatTime(job.time) : "Unscheduled"}
      </p>
      <div className="move-job__fields">
        <label htmlFor={dayId}>Day</label>
        <select
          id={dayId}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          data-testid="move-job-day"
        >
          {isUnscheduled ? null : <option value={UNSCHEDULED_VALUE}>Unscheduled (no day yet)</option>}
          {days.map((day) => (
            <option key={day.value} value={day.value}>
              {day.label}
            </option>
          ))}
        </select>
        <label htmlFor={employeeFieldId}>Employee</label>
        <select
          id={employeeFieldId}
          value={toTray ? "" : employeeId}
          disabled={toTray}
          onChange={(event) => setEmployeeId(event.target.value)}
          data-testid="move-job-employee"
        >
          {toTray ? <option value="">Nobody yet</option> : null}
          {choices.map((employee) => {
            const fit = skillFitWords(employee, job.requiredSkills);
            return (
              <option key={employee.id} value={employee.id}>
                {fit ? `${employee.name} (${fit})` : employee.name}
              </option>
            );
          })}
        </select>
        {isUnscheduled ? (
          <>
            <label htmlFor={timeId}>Time</label>
            <input
              id={timeId}
              type="time"
              step={300}
              value={time}
              onChange={(event) => setTime(event.target.value)}
              data-testid="move-job-time"
            />
          </>
        ) : null}
      </div>
    </Modal>
  );
}
