import type { EmployeeDTO, JobDTO, TAbsencePlanMove } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { Empty, Input, Select } from "antd";
import { useEffect, useMemo, useState } from "react";
import { PlanDialog } from "../../components/day-plan/PlanDialog";
import { useBoardSettings } from "../../entities/company/workingDays";
import { fittingFirst, skillFitWords } from "../../entities/employee/skillFit";
import { conflictContextOf } from "../../entities/job/conflictMarks";
import { formatTimeRange } from "../../entities/job/duration";
import { formatDay } from "../../lib/dates";
import { queryKeys } from "../../lib/queryKeys";
import {
  type Choice,
  initialChoices,
  isPlaced,
  KEEP,
  lacksTime,
  movesOf,
  plannedWarnings,
  TRAY,
} from "./markOutModel";
import { useAbsencePreview } from "./useAbsencePlan";
import "./mark-out.css";

export type MarkOutDialogProps = {
  companyId: string;
  employee: EmployeeDTO;
  date: string;
  /** Every employee of the company: the active ones are offered, all are named. */
  employees: readonly EmployeeDTO[];
  isApplying: boolean;
  onApply: (moves: TAbsencePlanMove[], jobs: JobDTO[]) => void;
  onClose: () => void;
};

/**
 * "Mark out…" (docs/time-off.md): the proposed re-plan of one employee's
 * day, job by job. The office may give any job to someone else, at another time, leave it
 * in the Unscheduled tray or with the employee, then apply it all at once.
 */
export function MarkOutDialog(props: MarkOutDialogProps) {
  const { companyId, employee, date, employees, isApplying, onApply, onClose } = props;
  const preview = useAbsencePreview(companyId, employee.id, date);
  const dayJobs = useQuery<JobDTO[]>({ queryKey: queryKeys.jobs(companyId, date, date) });
  const settings = useBoardSettings(companyId);
  const [edited, setEdited] = useState<Record<string, Choice>>({});

  const handedOver = useMemo(() => {
    if (!preview.data || !dayJobs.data) return [];
    const ids = new Set([...preview.data.moves, ...preview.data.unplaced].map((entry) => entry.jobId));
    return dayJobs.data
      .filter((job) => ids.has(job.id))
      .sort((a, b) => (a.time ?? "").localeCompare(b.time ?? ""));
  }, [preview.data, dayJobs.data]);
  // Each job's version as the preview saw it: a change made meanwhile (which the live list
  // shows) must stop the apply (409 stale), not be overwritten by it.
  const [seenVersions, setSeenVersions] = useState<ReadonlyMap<string, number> | null>(null);
  useEffect(() => {
    if (!seenVersions && handedOver.length > 0) {
      setSeenVersions(new Map(handedOver.map((job) => [job.id, job.version])));
    }
  }, [seenVersions, handedOver]);
  const choices = useMemo(
    () => ({ ...(preview.data ? initialChoices(preview.data, handedOver) : {}), ...edited }),
    [preview.data, handedOver, edited],
  );
  const warnings = useMemo(
    () => plannedWarnings(dayJobs.data ?? [], choices, conflictContextOf(settings, employees)),
    [dayJobs.data, choices, settings, employees],
  );
  const colleagues = employees
    .filter((candidate) => candidate.isActive && candidate.id !== employee.id)
    .sort((a, b) => a.name.localeCompare(b.name));
  // Per job: who holds the skills it needs first, marked "has gas" (docs/schedule.md, "Skills").
  const whoOptions = (job: { requiredSkills?: string[] }) => [
    ...fittingFirst(colleagues, job.requiredSkills).map((candidate) => {
      const fit = skillFitWords(candidate, job.requiredSkills);
      return { value: candidate.id, label: fit ? `${candidate.name} (${fit})` : candidate.name };
    }),
    { value: TRAY, label: "Leave unassigned (Unscheduled)" },
    { value: KEEP, label: `Keep with ${employee.name}` },
  ];
  const reasonOf = (jobId: string) => preview.data?.unplaced.find((entry) => entry.jobId === jobId)?.reason;
  const choose = (jobId: string, change: Partial<Choice>) =>
    setEdited((current) => ({ ...current, [jobId]: { ...(choices[jobId] as Choice), ...change } }));

  const apply = () => onApply(movesOf(handedOver, choices, seenVersions), handedOver);
  const isMissingTime = handedOver.some((job) => lacksTime(choices[job.id]));

  const jobList = () =>
    handedOver.length === 0 ? (
      <Empty description={`${employee.name} has no open jobs that day.`} />
    ) : (
      <ul className="mark-out__jobs" aria-label="Jobs to hand over">
        {handedOver.map((job) => {
          const choice = choices[job.id] as Choice;
          const reason = reasonOf(job.id);
          const placed = isPlaced(choice);
          const jobWarnings = choice.who === TRAY ? [] : (warnings.get(job.id) ?? []);
          const label = `${formatTimeRange(job.time, job.durationMinutes)} ${job.type} at ${job.location}`;
          return (
            <li key={job.id} className="mark-out__job" data-testid="mark-out-job" data-job-id={job.id}>
              <div className="mark-out__what">{label}</div>
              {reason ? <div className="mark-out__reason">Nobody found: {reason}</div> : null}
              <div className="mark-out__choice">
                <Select
                  className="mark-out__who"
                  aria-label={`Who takes the ${label}`}
                  value={choice.who}
                  options={whoOptions(job)}
                  onChange={(who: string) => choose(job.id, { who })}
                  showSearch={{ optionFilterProp: "label" }}
                />
                <Input
                  className="mark-out__time"
                  type="time"
                  step={300}
                  aria-label={`Time of the ${label}`}
                  value={placed ? choice.time : ""}
                  disabled={!placed}
                  onChange={(event) => choose(job.id, { time: event.target.value })}
                />
              </div>
              {jobWarnings.length ? (
                <ul className="mark-out__warnings" aria-label="Warnings">
                  {jobWarnings.map((warning) => (
                    <li key={`${warning.code}-${warning.jobId ?? ""}`}>{warning.message}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    );

  return (
    <PlanDialog
      title={`Mark ${employee.name} out on ${formatDay(date)}`}
      width={640}
      intro={
        <p className="mark-out__intro">
          {employee.name} gets approved sick time off for the day. Their jobs go to the people below: change
          any of them before you apply. Colleagues who get a job are told once; customers only when their time
          changes.
        </p>
      }
      isPending={preview.isPending || dayJobs.isPending}
      pendingLabel="Working out the day"
      error={preview.error ?? dayJobs.error}
      onRetry={() => {
        void preview.refetch();
        void dayJobs.refetch();
      }}
      canApply={Boolean(preview.data && dayJobs.data) && !isMissingTime}
      isApplying={isApplying}
      onApply={apply}
      onClose={onClose}
    >
      {jobList}
    </PlanDialog>
  );
}
