import { type EmployeeDTO, type JobDTO, TRAY_DEFAULT_TIME } from "@sched/shared-types";
import { Button } from "antd";
import { useShowFailure } from "../../components/FailureNotice";
import { useStaleChange } from "../../components/useStaleChange";
import { formatTimeRange } from "../../entities/job/duration";
import { type JobChangeValues, jobChangeLabels, jobChangeValues } from "../../entities/job/jobChanges";
import { formatDay, formatTime } from "../../lib/dates";
import { changedSince, differingFields } from "../../lib/staleChange";
import { useFeedback } from "../../ui/feedback";
import { useDropTime } from "./dropTime";
import { type JobSlot, UNSCHEDULED, useMoveJob } from "./useJobs";

/** How long the Undo stays offered. */
const UNDO_SECONDS = 8;
let toastCount = 0;

/** The time a job from the Unscheduled tray gets when dropped on a day (docs/schedule.md). */
export { TRAY_DEFAULT_TIME };

/** The answer's "10:30 AM is already past", when the move named a time gone by. */
const pastTimeOf = (moved: JobDTO) => moved.warnings.find((warning) => warning.code === "past_time");

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

  /**
   * Moves `job` (as last seen) to `place`; `onMoved` hears the saved job. `expectedTime` is
   * shown until the answer when the place names no time (the server picks it).
   */
  const send = (job: JobDTO, place: JobSlot, onMoved: (moved: JobDTO) => void, expectedTime?: string) => {
    move.mutate(
      { job, expectedTime, ...place },
      {
        onSuccess: onMoved,
        onError: (error) => {
          const isStale = resolveStale<JobDTO>(error, {
            root: "jobs",
            describe: (current) =>
              differingFields(asFormValues(place), jobChangeValues(current), jobChangeLabels(employees)),
            theirs: (current) =>
              changedSince(jobChangeValues(job), jobChangeValues(current), jobChangeLabels(employees)),
            onApply: (current) => send(current, place, onMoved, expectedTime),
          });
          if (!isStale) failed(error);
        },
      },
    );
  };

  /**
   * Saves `place` and offers Undo back to where `job` was (`back`); the toast says `title`
   * and `where` the saved job is, and warns when the time it names is already past.
   */
  const moveWithUndo = (
    job: JobDTO,
    place: JobSlot,
    back: JobSlot,
    toast: { title: string; where: (moved: JobDTO) => string },
    onMoved?: (moved: JobDTO) => void,
    expectedTime?: string,
  ) => {
    // A toast of its own per move (an update of an older one would keep that one's timer).
    toastCount += 1;
    const key = `move-${job.id}-${toastCount}`;
    send(
      job,
      place,
      (moved) => {
        onMoved?.(moved);
        // The server may have picked another time (a move naming none onto today): Undo gives the old one back.
        const to = back.time === undefined && moved.time !== job.time ? { ...back, time: job.time } : back;
        const undo = () => {
          notification.destroy(key);
          send(moved, to, () => notification.info({ key, title: "Move undone", description: job.location }));
        };
        const past = pastTimeOf(moved);
        notification[past ? "warning" : "success"]({
          key,
          title: toast.title,
          description: `${job.type} at ${job.location} → ${toast.where(moved)}${past ? `. ${past.message}` : ""}`,
          duration: UNDO_SECONDS,
          actions: (
            <Button size="small" type="primary" onClick={undo} data-testid="undo-move">
              Undo
            </Button>
          ),
        });
      },
      expectedTime,
    );
  };

  /**
   * Moves `job` to an employee's day (docs/schedule.md). A time someone
   * chose (`time`: the timeline's tray drop, the "Move to…" dialog) is sent and kept, even
   * one already past. With none, the move names no time: the card keeps its own, a tray card
   * gets 09:00, and the server makes one gone by today the next free slot; the board shows
   * its own guess of that slot until the answer. `onMoved` hears the saved job (the "Move
   * to…" dialog puts the focus back on its card).
   */
  const moveJob = (
    job: JobDTO,
    employeeId: string,
    date: string,
    onMoved?: (moved: JobDTO) => void,
    time?: string,
  ) => {
    const where = (moved: JobDTO) =>
      `${nameOf(employeeId)}, ${formatDay(date)}${moved.time ? ` ${formatTime(moved.time)}` : ""}`;
    if (job.date === null) {
      const place = time === undefined ? { employeeId, date } : { employeeId, date, time };
      const expected = time ?? dropTime(job, employeeId, date, TRAY_DEFAULT_TIME) ?? TRAY_DEFAULT_TIME;
      moveWithUndo(job, place, UNSCHEDULED, { title: "Job scheduled", where }, onMoved, expected);
      return;
    }
    const expected = job.time === null ? undefined : dropTime(job, employeeId, date, job.time);
    moveWithUndo(
      job,
      { employeeId, date },
      { employeeId: job.employeeId, date: job.date },
      { title: "Job moved", where },
      onMoved,
      expected,
    );
  };

  /** Puts `job` in the Unscheduled tray; Undo gives it back its employee, day and time. */
  const unscheduleJob = (job: JobDTO, onMoved?: (moved: JobDTO) => void) => {
    if (job.date === null) return;
    moveWithUndo(
      job,
      UNSCHEDULED,
      { employeeId: job.employeeId, date: job.date, time: job.time },
      { title: "Job unscheduled", where: () => "Unscheduled" },
      onMoved,
    );
  };

  /**
   * The timeline's move (docs/schedule.md): a new employee, day,
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
        where: () =>
          `${nameOf(place.employeeId)}, ${formatDay(place.date)} ${formatTimeRange(place.time, place.durationMinutes)}`,
      },
      onMoved,
    );
  };

  return { moveJob, unscheduleJob, rescheduleJob, staleDialog };
}
