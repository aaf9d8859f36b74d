/**
 * Who the bell tells about a sick day's re-plan (docs/time-off.md). Pure.
 * A day's re-plan may hand a colleague several jobs at once: each technician who received
 * any hears it once, in one entry for the whole day, not once per job. The absent
 * technician hears nothing about those jobs (they are off), nor does whoever applied it.
 */
import { formatClock, type TimeFormat } from "@sched/shared-types";
import { day, personName } from "./messages";
import { type Notice, type Person, withoutActor } from "./recipients";

export type DayReplan = {
  /** The employee who is out, and their roster name. */
  absentEmployeeId: string;
  absentName: string;
  date: string;
  /** Each job given to a colleague: to whom, and when. */
  given: { jobId: string; employeeId: string; time: string }[];
};

const jobsWord = (count: number) => (count === 1 ? "1 job" : `${count} jobs`);

/** "Olive Owner gave you 2 of Pat Plumber's jobs on Mon 30 Nov (9:00, 13:30): Pat Plumber is out" */
export const dayReplanMessages = {
  received: (actor: string, absent: string, date: string, times: string[], format: TimeFormat) =>
    `${actor} gave you ${times.length} of ${absent}'s jobs on ${day(date)} (${times
      .map((time) => formatClock(time, format))
      .join(", ")}): ${absent} is out`,
  /** The Undo: "Olive Owner undid the re-plan of Pat Plumber's day on Mon 30 Nov: 2 jobs went back" */
  undone: (actor: string, absent: string, date: string, count: number) =>
    `${actor} undid the re-plan of ${absent}'s day on ${day(date)}: your ${jobsWord(count)} went back`,
};

/** Each time, grouped by the colleague that got it, in time order. */
function timesByColleague(given: DayReplan["given"]): Map<string, { times: string[]; jobIds: string[] }> {
  const byColleague = new Map<string, { times: string[]; jobIds: string[] }>();
  for (const job of [...given].sort((a, b) => a.time.localeCompare(b.time))) {
    const entry = byColleague.get(job.employeeId) ?? { times: [], jobIds: [] };
    entry.times.push(job.time);
    entry.jobIds.push(job.jobId);
    byColleague.set(job.employeeId, entry);
  }
  return byColleague;
}

function replanNotices(
  replan: DayReplan,
  actorUserId: string,
  people: readonly Person[],
  entry: (actor: string, received: { times: string[]; jobIds: string[] }) => Omit<Notice, "recipientUserId">,
): Notice[] {
  const actorName = personName(people.find((person) => person.userId === actorUserId)?.name);
  const notices: Notice[] = [];
  for (const [employeeId, received] of timesByColleague(replan.given)) {
    if (employeeId === replan.absentEmployeeId) continue;
    const person = people.find((candidate) => candidate.employeeId === employeeId);
    if (person) notices.push({ recipientUserId: person.userId, ...entry(actorName, received) });
  }
  return withoutActor(notices, actorUserId);
}

/** After the apply: one entry per colleague who received jobs (pointing at the job when it is one). */
export function dayReplanNotices(
  replan: DayReplan,
  actorUserId: string,
  people: readonly Person[],
  format: TimeFormat,
): Notice[] {
  return replanNotices(replan, actorUserId, people, (actor, received) => ({
    kind: "job.assigned",
    message: dayReplanMessages.received(actor, replan.absentName, replan.date, received.times, format),
    jobId: received.jobIds.length === 1 ? (received.jobIds[0] ?? null) : null,
  }));
}

/** After the Undo: one entry per colleague whose received jobs went back. */
export function dayReplanUndoneNotices(
  replan: DayReplan,
  actorUserId: string,
  people: readonly Person[],
): Notice[] {
  return replanNotices(replan, actorUserId, people, (actor, received) => ({
    kind: "job.reassigned_away",
    message: dayReplanMessages.undone(actor, replan.absentName, replan.date, received.times.length),
    jobId: null,
  }));
}
