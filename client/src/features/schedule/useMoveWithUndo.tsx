import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { Button } from "antd";
import { useFeedback } from "../../app/feedback";
import { useStaleChange } from "../../components/useStaleChange";
import { formatDay, formatTime } from "../../lib/dates";
import { useShowFailure } from "../../lib/FailureNotice";
import { differingFields } from "../../lib/staleChange";
import { useDropTime } from "./dropTime";
import { formatTimeRange } from "./duration";
import { type JobChangeValues, jobChangeLabels, jobChangeValues } from "./jobChanges";
import { type JobSlot, UNSCHEDULED, useMoveJob } from "./useJobs";

/** How long the Undo stays offered. */
const UNDO_SECONDS = 8;
let toastCount = 0;

/** The time a job from the Unscheduled tray gets when dropped on a day (docs/schedule.md). */
export const TRAY_DEFAULT_TIME = "09:00";

/** A slot as the Edit Job form reads it (empty fields for the tray), to compare with the job now. */
const asFormValues = (place: JobSlot): Partial<JobChangeValues> => ({
  employeeId: place.employeeId ?? undefined,
  date: place.date ?? "",
  ...(place.time === undefined ? {} : { time: place.time ?? "" }),
  ...(place.durationMinutes === undefined ? {} : { durationMinutes: place.durationMinutes }),
});

/**
 * Dropping a card moves the job at once (optimistically) and offers Undo in the toast,
 * which moves it back to where it was. Each move is saved from the version of the job
 * it moves (Undo from the version the move made); when someone else changed the job in
 * between, the user chooses whose change stays. Render `staleDialog` with the board.
 * The same goes for the Unscheduled tray: a job scheduled from it, or put back in it.
 */
export function useMoveWithUndo(employees: EmployeeDTO[]) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const move = useMoveJob();
  const dropTime = useDropTime();
  const { resolveStale, staleDialog } = useStaleChange();
  const nameOf = (id: string) => employees.find((employee) => employee.id === id)?.name ?? "another employee";

  const failed = (error: unknown) => showFailure("Failed to update job. Please try again.", error);

  /** Moves `job` (as last seen) to `place`; `onMoved` hears the saved job. */
  const send = (job: JobDTO, place: JobSlot, onMoved: (moved: JobDTO) => void) => {
    move.mutate(
      { job, ...place },
      {
        onSuccess: onMoved,
        onError: (error) => {
          const isStale = resolveStale<JobDTO>(error, {
            root: "jobs",
            describe: (current) =>
              differingFields(asFormValues(place), jobChangeValues(current), jobChangeLabels(employees)),
            onApply: (current) => send(current, place, onMoved),
          });
          if (!isStale) failed(error);
        },
      },
    );
  };

  /** Saves `place` and offers Undo back to where `job` was (`back`); the toast says `title` and `where`. */
  const moveWithUndo = (
    job: JobDTO,
    place: JobSlot,
    back: JobSlot,
    toast: { title: string; where: string },
    onMoved?: (moved: JobDTO) => void,
  ) => {
    // A toast of its own per move (an update of an older one would keep that one's timer).
    toastCount += 1;
    const key = `move-${job.id}-${toastCount}`;
    send(job, place, (moved) => {
      onMoved?.(moved);
      const undo = () => {
        notification.destroy(key);
        send(moved, back, () => notification.info({ key, title: "Move undone", description: job.location }));
      };
      notification.success({
        key,
        title: toast.title,
        description: `${job.type} at ${job.location} → ${toast.where}`,
        duration: UNDO_SECONDS,
        actions: (
          <Button size="small" type="primary" onClick={undo} data-testid="undo-move">
            Undo
          </Button>
        ),
      });
    });
  };

  /**
   * Moves `job` to an employee's day; a job from the Unscheduled tray also gets a time
   * (`time`, else 09:00). On today, a time already past becomes the next free slot from now. `onMoved` hears the saved job (the "Move to…" dialog puts the
   * focus back on its card).
   */
  const moveJob = (
    job: JobDTO,
    employeeId: string,
    date: string,
    onMoved?: (moved: JobDTO) => void,
    time?: string,
  ) => {
    const asked = time ?? TRAY_DEFAULT_TIME;
    if (job.date === null) {
      const at = dropTime(job, employeeId, date, asked) ?? asked;
      moveWithUndo(
        job,
        { employeeId, date, time: at },
        UNSCHEDULED,
        { title: "Job scheduled", where: `${nameOf(employeeId)}, ${formatDay(date)} ${formatTime(at)}` },
        onMoved,
      );
      return;
    }
    // Onto today at a time gone by: the next free slot from now, and Undo gives the old time back.
    const startsAt = job.time === null ? undefined : dropTime(job, employeeId, date, job.time);
    moveWithUndo(
      job,
      startsAt ? { employeeId, date, time: startsAt } : { employeeId, date },
      startsAt
        ? { employeeId: job.employeeId, date: job.date, time: job.time }
        : { employeeId: job.employeeId, date: job.date },
      {
        title: "Job moved",
        where: `${nameOf(employeeId)}, ${formatDay(date)}${startsAt ? ` ${formatTime(startsAt)}` : ""}`,
      },
      onMoved,
    );
  };

  /** Puts `job` in the Unscheduled tray; Undo gives it back its employee, day and time. */
  const unscheduleJob = (job: JobDTO, onMoved?: (moved: JobDTO) => void) => {
    if (job.date === null) return;
    moveWithUndo(
      job,
      UNSCHEDULED,
      { employeeId: job.employeeId, date: job.date, time: job.time },
      { title: "Job unscheduled", where: "Unscheduled" },
      onMoved,
    );
  };

  /**
   * The timeline's move (docs/schedule.md, "The day as a timeline"): a new employee, day,
   * time and length at once; Undo puts back all four.
   */
  const rescheduleJob = (
    job: JobDTO,
    place: Required<JobSlot> & { employeeId: string; date: string; time: string },
    onMoved?: (moved: JobDTO) => void,
  ) => {
    if (job.date === null || job.time === null) return;
    const isResize =
      place.employeeId === job.employeeId &&
      place.date === job.date &&
      place.time === job.time &&
      place.durationMinutes !== job.durationMinutes;
    moveWithUndo(
      job,
      place,
      { employeeId: job.employeeId, date: job.date, time: job.time, durationMinutes: job.durationMinutes },
      {
        title: isResize ? "Job length changed" : "Job moved",
        where: `${nameOf(place.employeeId)}, ${formatDay(place.date)} ${formatTimeRange(place.time, place.durationMinutes)}`,
      },
      onMoved,
    );
  };

  return { moveJob, unscheduleJob, rescheduleJob, staleDialog };
}
