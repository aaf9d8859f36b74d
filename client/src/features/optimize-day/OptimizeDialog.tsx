import type { EmployeeDTO, JobDTO, OptimizePreviewDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { Empty, Switch } from "antd";
import { useId, useMemo, useState } from "react";
import { PlanDialog } from "../../components/day-plan/PlanDialog";
import { formatDay, formatTime } from "../../lib/dates";
import { queryKeys } from "../../lib/queryKeys";
import { useIsSmallScreen } from "../../lib/screen";
import { useOptimizePreview } from "./useOptimizeDay";
import "./optimize-day.css";

export type OptimizeDialogProps = {
  companyId: string;
  date: string;
  /** One technician's route; none: the whole team's day. */
  employee: EmployeeDTO | null;
  /** Every employee of the company: the moves name them. */
  employees: readonly EmployeeDTO[];
  isApplying: boolean;
  onApply: (preview: OptimizePreviewDTO) => void;
  onClose: () => void;
};

const minutesWords = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;

/**
 * Optimize route / Optimize day (docs/schedule.md): the preview of the order and times with
 * the least drive time, each move from → to and the minutes saved, the jobs that stay and
 * why. Team mode may also give "any time" jobs to someone else with their skills.
 */
export function OptimizeDialog(props: OptimizeDialogProps) {
  const { companyId, date, employee, employees, isApplying, onApply, onClose } = props;
  const [reassign, setReassign] = useState(false);
  const isSmallScreen = useIsSmallScreen();
  const switchId = useId();
  const employeeIds = useMemo(() => (employee ? [employee.id] : null), [employee]);
  const preview = useOptimizePreview(companyId, date, employeeIds, employee ? false : reassign);
  const dayJobs = useQuery<JobDTO[]>({ queryKey: queryKeys.jobs(companyId, date, date) });
  const jobById = useMemo(() => new Map((dayJobs.data ?? []).map((job) => [job.id, job])), [dayJobs.data]);
  const nameOf = (id: string | null) => employees.find((candidate) => candidate.id === id)?.name ?? "Someone";
  const jobWords = (jobId: string) => {
    const job = jobById.get(jobId);
    return job ? `${job.type} at ${job.location}` : "A job";
  };

  const movesList = (data: OptimizePreviewDTO) => {
    const { moves, unplaced, savedMinutes, driveMinutesBefore, driveMinutesAfter } = data;
    const sorted = [...moves].sort((a, b) => a.time.localeCompare(b.time) || a.jobId.localeCompare(b.jobId));
    return (
      <>
        {moves.length === 0 ? (
          <div data-testid="optimize-nothing">
            <Empty
              description={
                driveMinutesBefore === 0 && unplaced.length === 0
                  ? "Nothing to optimize: no job that day may move and has a place."
                  : "This day is already in its best order: nothing to move."
              }
            />
          </div>
        ) : (
          <>
            <p className="optimize__saved" data-testid="optimize-saved" aria-live="polite">
              Saves <strong>{minutesWords(savedMinutes)}</strong> of driving (
              {minutesWords(driveMinutesBefore)} → {minutesWords(driveMinutesAfter)})
            </p>
            <ul className="optimize__moves" aria-label="Moves">
              {sorted.map((move) => {
                const job = jobById.get(move.jobId);
                const fromWho = job?.employeeId ?? null;
                const changesHands = fromWho !== move.employeeId;
                return (
                  <li
                    key={move.jobId}
                    className="optimize__move"
                    data-testid="optimize-move"
                    data-job-id={move.jobId}
                  >
                    <div className="optimize__what">{jobWords(move.jobId)}</div>
                    <div className="optimize__from-to">
                      <span>
                        {job?.time ? formatTime(job.time) : "?"}
                        {changesHands ? ` · ${nameOf(fromWho)}` : ""}
                      </span>
                      <span aria-hidden> → </span>
                      <span className="job-card__sr-only"> to </span>
                      <strong>
                        {formatTime(move.time)}
                        {changesHands ? ` · ${nameOf(move.employeeId)}` : ""}
                      </strong>
                    </div>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {unplaced.length ? (
          <div className="optimize__unplaced">
            <div className="optimize__unplaced-title">Staying as they are</div>
            <ul aria-label="Staying as they are">
              {unplaced.map((entry) => (
                <li key={entry.jobId} data-testid="optimize-unplaced">
                  {jobWords(entry.jobId)}: {entry.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </>
    );
  };

  const title = employee ? `Optimize ${employee.name}'s route` : "Optimize the day";
  return (
    <PlanDialog
      title={`${title}, ${formatDay(date)}`}
      width={isSmallScreen ? "100%" : 600}
      centered={!isSmallScreen}
      className="optimize-dialog"
      intro={
        <>
          <p className="optimize__intro">
            Jobs with an arrival window stay inside it; jobs marked "Any time" may move anywhere in the
            working hours; every other job keeps its time. Nothing changes until you apply.
          </p>
          {employee ? null : (
            <div className="optimize__switch">
              <Switch
                id={switchId}
                checked={reassign}
                onChange={setReassign}
                data-testid="optimize-reassign"
              />
              <label htmlFor={switchId}>May reassign flexible jobs (to someone with their skills)</label>
            </div>
          )}
        </>
      }
      isPending={preview.isPending || dayJobs.isPending}
      pendingLabel="Working out the best order"
      error={preview.error ?? dayJobs.error}
      onRetry={() => void preview.refetch()}
      canApply={Boolean(preview.data && preview.data.moves.length > 0)}
      isApplying={isApplying}
      applyTestId="optimize-apply"
      onApply={() => preview.data && onApply(preview.data)}
      onClose={onClose}
    >
      {() => (preview.data ? movesList(preview.data) : null)}
    </PlanDialog>
  );
}
