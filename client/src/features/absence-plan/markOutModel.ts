/**
 * The "Mark out…" dialog's choices as data (docs/time-off.md): the preview
 * turned into one choice per job, the day those choices would leave (with the conflict
 * engine's warnings), and the moves the apply sends. Pure, so it is tested on its own.
 */
import {
  type AbsencePlanDTO,
  type ConflictContext,
  type JobDTO,
  type JobWarning,
  type TAbsencePlanMove,
  warningsForJobs,
} from "@sched/shared-types";

/** The Who choice that leaves a job unassigned, in the Unscheduled tray. */
export const TRAY = "unscheduled";
/** The Who choice that leaves a job with the employee who is out (it then shows the time-off warning). */
export const KEEP = "keep";

/** What the office decided for one job: a colleague's id and a time, TRAY, or KEEP. */
export type Choice = { who: string; time: string };

export const isPlaced = (choice: Choice) => choice.who !== TRAY && choice.who !== KEEP;

/** The proposal as choices: each move's colleague and time; a job nobody can take starts in the tray. */
export function initialChoices(plan: AbsencePlanDTO, jobs: readonly JobDTO[]): Record<string, Choice> {
  const choices: Record<string, Choice> = {};
  for (const move of plan.moves) choices[move.jobId] = { who: move.employeeId, time: move.time };
  for (const { jobId } of plan.unplaced) {
    choices[jobId] = { who: TRAY, time: jobs.find((job) => job.id === jobId)?.time ?? "" };
  }
  return choices;
}

/** Each job's warnings in the day the choices would leave (a job in the tray has none). */
export function plannedWarnings(
  dayJobs: readonly JobDTO[],
  choices: Readonly<Record<string, Choice>>,
  context: ConflictContext,
): Map<string, JobWarning[]> {
  const planned = dayJobs.flatMap((job) => {
    const choice = choices[job.id];
    if (!choice || choice.who === KEEP) return [job];
    if (choice.who === TRAY) return [];
    return [{ ...job, employeeId: choice.who, time: choice.time }];
  });
  return warningsForJobs(planned, context);
}

/** A placed choice without a valid time: Apply waits for one. */
export const lacksTime = (choice: Choice | undefined) =>
  choice !== undefined && isPlaced(choice) && !/^\d{2}:\d{2}$/.test(choice.time);

/**
 * The moves the apply sends, each job at the version the preview saw (`versions`): a job
 * kept with the employee is not sent, a job for the tray goes with no employee.
 */
export function movesOf(
  jobs: readonly JobDTO[],
  choices: Readonly<Record<string, Choice>>,
  versions: ReadonlyMap<string, number> | null,
): TAbsencePlanMove[] {
  return jobs.flatMap((job): TAbsencePlanMove[] => {
    const choice = choices[job.id];
    if (!choice || choice.who === KEEP) return [];
    const version = versions?.get(job.id) ?? job.version;
    return [
      choice.who === TRAY
        ? { jobId: job.id, employeeId: null, time: null, version }
        : { jobId: job.id, employeeId: choice.who, time: choice.time, version },
    ];
  });
}
