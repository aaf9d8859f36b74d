import { type ConflictJob, isDriveUnknown, type JobStatus, warningsForJob } from "@sched/shared-types";
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
  const requiredSkills = Form.useWatch("requiredSkills", form) as string[] | undefined;
  const isDate = Boolean(date && /^\d{4}-\d{2}-\d{2}$/.test(date));
  // The board's list for that week: loaded already when the dialog opened from the board.
  const week = useWeekJobs(isDate ? companyId : null, isDate ? toISODate(weekStart(date)) : "");
  const location = Form.useWatch("location", form) as string | undefined;
  // The job's place as saved (docs/places.md), while its address is the one it was found for.
  const saved = jobId ? week.data?.find((job) => job.id === jobId) : undefined;
  const place = saved && saved.location === location ? (saved.place ?? null) : null;
  // A new job's place is found when it is saved: the note is for a saved one.
  const isPlanned =
    Boolean(jobId) && isDate && Boolean(employeeId) && Boolean(time && /^\d{2}:\d{2}$/.test(time));
  const driveUnknown = useMemo(
    () =>
      isPlanned &&
      isDriveUnknown(
        {
          id: jobId ?? "new-job",
          employeeId: employeeId ?? null,
          date: date ?? null,
          time: time ?? null,
          durationMinutes: durationMinutes ?? 60,
          status,
          place,
        },
        week.data ?? [],
      ),
    [isPlanned, jobId, employeeId, date, time, durationMinutes, status, place, week.data],
  );

  const warnings = useMemo(() => {
    if (!isDate || !employeeId || !time || !/^\d{2}:\d{2}$/.test(time)) return [];
    const editing: ConflictJob = {
      id: jobId ?? "new-job",
      employeeId,
      date: date ?? null,
      time,
      durationMinutes: durationMinutes ?? 60,
      status,
      requiredSkills: requiredSkills ?? [],
      location,
      place,
    };
    return warningsForJob(editing, week.data ?? [], {
      workingDays: settings.workingDays,
      workdayStart: settings.workdayStart,
      workdayEnd: settings.workdayEnd,
      inactiveEmployeeIds: new Set(employees.filter((e) => !e.isActive).map((e) => e.id)),
      employeeNames: new Map(employees.map((e) => [e.id, e.name])),
      drive: settings.drive,
      employeeSkills: new Map(employees.map((e) => [e.id, e.skills ?? []])),
    });
  }, [
    isDate,
    employeeId,
    date,
    time,
    durationMinutes,
    status,
    requiredSkills,
    location,
    place,
    jobId,
    week.data,
    settings,
    employees,
  ]);

  // Not a warning: the travel warning cannot be known, which the user may want to fix.
  const note = driveUnknown ? (
    <Alert
      type="info"
      showIcon
      role="status"
      className="job-form__warnings"
      data-testid="job-drive-unknown"
      title="No place: drive time unknown"
    />
  ) : null;
  if (warnings.length === 0) return note;
  return (
    <>
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
      {note}
    </>
  );
}
