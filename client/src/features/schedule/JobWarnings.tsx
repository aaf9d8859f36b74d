import { type ConflictJob, type JobStatus, warningsForJob } from "@sched/shared-types";
import { Alert, Form } from "antd";
import { useMemo } from "react";
import { useCurrentCompany } from "../../entities/company/useCompanies";
import { useBoardSettings } from "../../entities/company/workingDays";
import { conflictCount } from "../../entities/job/conflictMarks";
import { toISODate, weekStart } from "../../lib/dates";
import { useScheduleEmployees, useWeekJobs } from "./useJobs";

/**
 * The job dialog's live warnings (docs/schedule.md): while the
 * user edits, the same engine the server answers with checks the form's values against the
 * week's jobs and the company's settings. They inform; saving stays possible.
 */
export function JobWarnings({ jobId }: { jobId?: string }) {
  const form = Form.useFormInstance();
  const { companyId } = useCurrentCompany();
  const settings = useBoardSettings(companyId);
  const { all: employees } = useScheduleEmployees(companyId);
  const employeeId = Form.useWatch("employeeId", form) as string | undefined;
  const date = Form.useWatch("date", form) as string | undefined;
  const time = Form.useWatch("time", form) as string | undefined;
  const durationMinutes = Form.useWatch("durationMinutes", form) as number | undefined;
  const status = Form.useWatch("status", form) as JobStatus | undefined;
  const isDate = Boolean(date && /^\d{4}-\d{2}-\d{2}$/.test(date));
  // The board's list for that week: loaded already when the dialog opened from the board.
  const week = useWeekJobs(isDate ? companyId : null, isDate ? toISODate(weekStart(date)) : "");

  const warnings = useMemo(() => {
    if (!isDate || !employeeId || !time || !/^\d{2}:\d{2}$/.test(time)) return [];
    const editing: ConflictJob = {
      id: jobId ?? "new-job",
      employeeId,
      date: date ?? null,
      time,
      durationMinutes: durationMinutes ?? 60,
      status,
    };
    return warningsForJob(editing, week.data ?? [], {
      workingDays: settings.workingDays,
      workdayStart: settings.workdayStart,
      workdayEnd: settings.workdayEnd,
      inactiveEmployeeIds: new Set(employees.filter((e) => !e.isActive).map((e) => e.id)),
      employeeNames: new Map(employees.map((e) => [e.id, e.name])),
    });
  }, [isDate, employeeId, date, time, durationMinutes, status, jobId, week.data, settings, employees]);

  if (warnings.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      className="job-form__warnings"
      data-testid="job-warnings"
      title={`${conflictCount(warnings.length)} — you can still save`}
      description={
        <ul className="job-form__warning-list">
          {warnings.map((warning) => (
            <li key={`${warning.code}-${warning.jobId ?? ""}`}>{warning.message}</li>
          ))}
        </ul>
      }
    />
  );
}
