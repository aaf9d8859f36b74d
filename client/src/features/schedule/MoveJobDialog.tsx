import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { Modal } from "antd";
import { useId, useState } from "react";
import { formatTime, toISODate, weekDays, weekStart } from "../../lib/dates";
import "./move-job-dialog.css";

type MoveJobDialogProps = {
  job: JobDTO;
  /** Who the job may go to (the board's active employees). */
  employees: EmployeeDTO[];
  onMove: (job: JobDTO, employeeId: string, date: string) => void;
  onClose: () => void;
};

/**
 * "Move to…": the keyboard (and touch) way to do what dragging a card does on the Week
 * View — choose the day of the job's week and the employee; the move offers Undo like
 * a drop does (docs/accessibility.md).
 */
export function MoveJobDialog({ job, employees, onMove, onClose }: MoveJobDialogProps) {
  const [date, setDate] = useState(job.date);
  const [employeeId, setEmployeeId] = useState(job.employeeId);
  const dayId = useId();
  const employeeFieldId = useId();
  const days = weekDays(weekStart(job.date)).map((day) => ({
    value: toISODate(day),
    label: day.format("dddd, MMM D"),
  }));
  const isUnchanged = date === job.date && employeeId === job.employeeId;

  return (
    <Modal
      open
      title="Move job"
      okText="Move"
      okButtonProps={{ disabled: isUnchanged, "data-testid": "move-job-submit" }}
      onOk={() => {
        onMove(job, employeeId, date);
        onClose();
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="move-job__what">
        {job.type} at {job.location}, {formatTime(job.time)}
      </p>
      <div className="move-job__fields">
        <label htmlFor={dayId}>Day</label>
        <select
          id={dayId}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          data-testid="move-job-day"
        >
          {days.map((day) => (
            <option key={day.value} value={day.value}>
              {day.label}
            </option>
          ))}
        </select>
        <label htmlFor={employeeFieldId}>Employee</label>
        <select
          id={employeeFieldId}
          value={employeeId}
          onChange={(event) => setEmployeeId(event.target.value)}
          data-testid="move-job-employee"
        >
          {employees.map((employee) => (
            <option key={employee.id} value={employee.id}>
              {employee.name}
            </option>
          ))}
        </select>
      </div>
    </Modal>
  );
}
