/**
 * The sick day's preview (docs/time-off.md): reads one date of a company
 * (the roster, everyone's jobs, the working hours, approved time off) and asks the pure
 * proposer (core/src/planning/absence-plan.ts) who could take the absent employee's jobs.
 * Reads only: nothing changes.
 */
import {
  type AbsencePlanDTO,
  type ConflictContext,
  type ConflictJob,
  type ConflictTimeOff,
  isoWeekday,
  warningsForJob,
} from "@sched/shared-types";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import { db } from "../db/client";
import { type AvailabilityWindow, employees, jobs } from "../db/schema";
import { type DayWindow, type PlanColleague, proposeAbsencePlan } from "../planning/absence-plan";
import { loadCompanySettings } from "./company-settings";
import { CONFLICT_JOB_COLUMNS } from "./job-warnings";
import { conflictTimeOffFor } from "./time-off";

/** Jobs of the absent employee that still need someone: not yet done, not cancelled. */
export const HANDED_OVER_STATUSES: readonly string[] = ["scheduled", "in_progress"];

type DayJob = ConflictJob & { employeeId: string; time: string; version: number };

export type PlanDay = {
  context: ConflictContext;
  roster: {
    id: string;
    name: string;
    isActive: boolean;
    availability: AvailabilityWindow[];
    skills: string[];
  }[];
  /** Every scheduled, not cancelled job of the company on the date. */
  jobs: DayJob[];
  /** Approved and pending time off that touches the date (the engine notes pending requests). */
  timeOff: ConflictTimeOff[];
};

/**
 * One date of a company as the plan needs it. The conflict context is built here from the
 * same reads (not the job answers' query), so the proposal's warnings and its rules agree.
 */
export async function loadPlanDay(companyId: string, date: string): Promise<PlanDay> {
  const [settings, roster, dayJobs, dayOff] = await Promise.all([
    loadCompanySettings(companyId),
    db
      .select({
        id: employees.id,
        name: employees.name,
        isActive: employees.isActive,
        availability: employees.availability,
        skills: employees.skills,
      })
      .from(employees)
      .where(eq(employees.companyId, companyId)),
    db
      .select({ ...CONFLICT_JOB_COLUMNS, version: jobs.version })
      .from(jobs)
      .where(
        and(
          eq(jobs.companyId, companyId),
          eq(jobs.date, date),
          isNotNull(jobs.employeeId),
          ne(jobs.status, "cancelled"),
        ),
      ),
    conflictTimeOffFor(companyId, date, date),
  ]);
  // The engine sees what the proposer sees: the company's hours, each person's own pattern
  // and time off, who is inactive.
  const context: ConflictContext = {
    workingDays: settings.workingDays,
    workdayStart: settings.workdayStart,
    workdayEnd: settings.workdayEnd,
    drive: settings.drive,
    inactiveEmployeeIds: new Set(
      roster.filter((employee) => !employee.isActive).map((employee) => employee.id),
    ),
    employeeNames: new Map(roster.map((employee) => [employee.id, employee.name])),
    availability: new Map(roster.map((employee) => [employee.id, employee.availability ?? []])),
    timeOff: dayOff,
    employeeSkills: new Map(roster.map((employee) => [employee.id, employee.skills ?? []])),
  };
  return { context, roster, jobs: dayJobs as DayJob[], timeOff: dayOff };
}

/**
 * When someone works on `date`: their own weekly pattern's windows for that weekday (day 0
 * is Sunday), or, with no pattern, the company's hours on its working days.
 */
export function hoursOn(
  date: string,
  pattern: readonly AvailabilityWindow[],
  context: ConflictContext,
): DayWindow[] {
  const weekday = isoWeekday(date);
  if (pattern.length > 0) {
    return pattern.filter((window) => window.day === weekday % 7).map(({ start, end }) => ({ start, end }));
  }
  if (!context.workingDays.includes(weekday)) return [];
  return [{ start: context.workdayStart, end: context.workdayEnd }];
}

/** A whole day off is the whole day; a part day, its own hours. */
const WHOLE_DAY: DayWindow = { start: "00:00", end: "24:00" };
const offWindow = (off: PlanDay["timeOff"][number]): DayWindow =>
  off.startTime && off.endTime ? { start: off.startTime, end: off.endTime } : WHOLE_DAY;

/** The absent employee's jobs that need someone else on `date`, earliest first. */
export function jobsToHandOver(day: PlanDay, employeeId: string): DayJob[] {
  return day.jobs.filter(
    (job) => job.employeeId === employeeId && HANDED_OVER_STATUSES.includes(job.status ?? ""),
  );
}

/** The preview for `employeeId` out on `date`; each move carries the engine's warnings where it would go. */
export async function previewAbsencePlan(
  companyId: string,
  employeeId: string,
  date: string,
): Promise<AbsencePlanDTO> {
  const day = await loadPlanDay(companyId, date);
  const handedOver = jobsToHandOver(day, employeeId);
  const colleagues: PlanColleague[] = day.roster.map((employee) => ({
    id: employee.id,
    isActive: employee.isActive,
    hours: hoursOn(date, employee.availability ?? [], day.context),
    // Only approved time off keeps a job away; a pending request is a note, not a refusal.
    timeOff: day.timeOff
      .filter((off) => off.employeeId === employee.id && off.status === "approved")
      .map(offWindow),
    jobs: day.jobs.filter((job) => job.employeeId === employee.id),
    skills: employee.skills ?? [],
  }));
  const proposal = proposeAbsencePlan({
    date,
    employeeId,
    jobs: handedOver.map(({ id, time, durationMinutes, requiredSkills, place }) => ({
      id,
      time,
      durationMinutes,
      requiredSkills,
      place,
    })),
    colleagues,
    // Who adds the least drive that day (docs/time-off.md); the company's model, or the default.
    drive: day.context.drive,
  });
  const byId = new Map(handedOver.map((job) => [job.id, job]));
  // The day as the plan would leave it: the warnings of each move see the other moves too.
  const planned: ConflictJob[] = [
    ...day.jobs.filter((job) => !byId.has(job.id)),
    ...proposal.moves.flatMap((move) => {
      const job = byId.get(move.jobId);
      return job ? [{ ...job, employeeId: move.employeeId, time: move.time }] : [];
    }),
  ];
  return {
    date,
    employeeId,
    moves: proposal.moves.map((move) => {
      const job = planned.find((candidate) => candidate.id === move.jobId);
      return { ...move, warnings: job ? warningsForJob(job, planned, day.context) : [] };
    }),
    unplaced: proposal.unplaced,
  };
}
