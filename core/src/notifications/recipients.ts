/**
 * Who is told what (docs/realtime.md). Pure: given a change, who made it and
 * the company's members, the notices to store, one per recipient at most.
 *
 * - The technician of a job is the member linked to its assigned employee. They are told
 *   when the office assigns them a job, moves it, changes its address or type, gives it to
 *   someone else, cancels or deletes it.
 * - Owners and admins (the roles that manage jobs) are told about field work: a job
 *   completed, a photo added, "On my way". Field work is a change made by an employee-role
 *   member, or by any member on a job assigned to their own linked employee (an owner who
 *   does the jobs). An office member completing someone else's job from the board is not
 *   field work, and tells nobody.
 * - Nobody is told about their own change; an employee linked to no member tells nobody.
 */
import {
  type Action,
  can,
  JOB_PHOTO_KINDS,
  type JobPhotoKind,
  type NotificationKind,
  type Role,
  type TimeFormat,
} from "@sched/shared-types";
import { type JobWords, jobMessages, personName, weekScheduledMessage } from "./messages";

export type JobFacts = JobWords & {
  id: string;
  /** Null while the job is unscheduled: no technician to tell. */
  employeeId: string | null;
  status: string;
  /** When the technician said they are on the way; absent where the caller does not know it. */
  onMyWayAt?: string | Date | null;
};

/** A member of the company as the bell sees them. */
export type Person = { userId: string; role: Role; employeeId: string | null; name: string };

export type Notice = {
  recipientUserId: string;
  kind: NotificationKind;
  message: string;
  jobId: string | null;
  /** The time off request it is about, when it is about one. */
  timeOffId?: string | null;
};

export type JobChange =
  | { type: "created"; job: JobFacts }
  | {
      type: "updated";
      before: JobFacts;
      after: JobFacts;
      /** The photos this change stored (null or absent: removed or untouched). */
      photos: Partial<Record<JobPhotoKind, unknown>>;
    }
  | { type: "deleted"; job: JobFacts };

/** The company as a change meets it: who is in it, and roster names a message may need. */
export type Audience = {
  people: readonly Person[];
  /** Roster employees' names by id (at least the ones a change assigns to). */
  employeeNames: ReadonlyMap<string, string>;
  /** How the company's times read ("9:00 AM" or "09:00"). */
  timeFormat: TimeFormat;
};

const technicianOf = (people: readonly Person[], employeeId: string | null) =>
  employeeId === null ? undefined : people.find((person) => person.employeeId === employeeId);

/** Everyone whose role allows `action`, e.g. manageJobs for owners and admins. */
export const peopleWho = (people: readonly Person[], action: Action) =>
  people.filter((person) => can(person.role, action));

/** Drops the actor and keeps the first notice for each recipient (the more important one). */
export function withoutActor(notices: readonly Notice[], actorUserId: string | undefined): Notice[] {
  const told = new Set<string>();
  return notices.filter((notice) => {
    if (notice.recipientUserId === actorUserId || told.has(notice.recipientUserId)) return false;
    told.add(notice.recipientUserId);
    return true;
  });
}

const timeOf = (value: string | Date | null | undefined) =>
  value == null ? null : new Date(value).getTime();

/** The most important thing the technician should hear about an office change, if any. */
function technicianNotices(change: JobChange, actorName: string, audience: Audience): Notice[] {
  const { people, employeeNames } = audience;
  const jobWords = jobMessages(audience.timeFormat);
  const notice = (
    employeeId: string | null,
    kind: NotificationKind,
    message: string,
    jobId: string | null,
  ) => {
    const person = technicianOf(people, employeeId);
    return person ? [{ recipientUserId: person.userId, kind, message, jobId }] : [];
  };
  if (change.type === "created") {
    const { job } = change;
    return notice(job.employeeId, "job.assigned", jobWords.assigned(actorName, job), job.id);
  }
  if (change.type === "deleted") {
    // The job row is gone, so the entry cannot point at it.
    const { job } = change;
    return notice(job.employeeId, "job.deleted", jobWords.deleted(actorName, job), null);
  }
  const { before, after } = change;
  if (after.employeeId === null && before.employeeId !== null) {
    return notice(
      before.employeeId,
      "job.reassigned_away",
      jobWords.unscheduled(actorName, before),
      after.id,
    );
  }
  if (before.employeeId !== after.employeeId && after.employeeId !== null) {
    const newName = employeeNames.get(after.employeeId) ?? "someone else";
    return [
      ...notice(after.employeeId, "job.assigned", jobWords.assigned(actorName, after), after.id),
      ...notice(
        before.employeeId,
        "job.reassigned_away",
        jobWords.reassignedAway(actorName, before, newName),
        after.id,
      ),
    ];
  }
  const tell = (kind: NotificationKind, message: string) => notice(after.employeeId, kind, message, after.id);
  if (after.status === "cancelled" && before.status !== "cancelled") {
    return tell("job.cancelled", jobWords.cancelled(actorName, before));
  }
  if (before.date !== after.date || before.time !== after.time) {
    return tell("job.moved", jobWords.moved(before, after));
  }
  if (before.type !== after.type || before.location !== after.location) {
    return tell("job.changed", jobWords.changed(before, after));
  }
  return [];
}

/** A change made in the field: by an employee-role member, or on the member's own job. */
function isFieldWork(actor: Person | undefined, job: JobFacts): boolean {
  if (!actor) return false;
  return actor.role === "employee" || (actor.employeeId !== null && actor.employeeId === job.employeeId);
}

/** The field news in an update, most important first: completion, then On my way, then a photo. */
function fieldNews(
  change: Extract<JobChange, { type: "updated" }>,
  name: string,
  timeFormat: TimeFormat,
): Pick<Notice, "kind" | "message"> | null {
  const { before, after, photos } = change;
  const jobWords = jobMessages(timeFormat);
  if (after.status === "completed" && before.status !== "completed") {
    return { kind: "job.completed", message: jobWords.completed(name, after) };
  }
  const onMyWay = timeOf(after.onMyWayAt);
  if (onMyWay !== null && onMyWay !== timeOf(before.onMyWayAt)) {
    return { kind: "job.on_my_way", message: jobWords.onMyWay(name, after) };
  }
  const photo = JOB_PHOTO_KINDS.find((kind) => photos[kind]);
  if (photo) return { kind: "job.photo_added", message: jobWords.photoAdded(name, after, photo) };
  return null;
}

/** What owners and admins (the roles that manage jobs) should hear about field work. */
function officeNotices(change: JobChange, actor: Person | undefined, audience: Audience): Notice[] {
  if (change.type !== "updated" || !isFieldWork(actor, change.after)) return [];
  const news = fieldNews(change, personName(actor?.name), audience.timeFormat);
  if (!news) return [];
  return peopleWho(audience.people, "manageJobs").map((person) => ({
    ...news,
    recipientUserId: person.userId,
    jobId: change.after.id,
  }));
}

/** Every notice a job change makes, the actor left out. */
export function jobNotices(change: JobChange, actorUserId: string, audience: Audience): Notice[] {
  const actor = audience.people.find((person) => person.userId === actorUserId);
  const actorName = personName(actor?.name);
  return withoutActor(
    [...technicianNotices(change, actorName, audience), ...officeNotices(change, actor, audience)],
    actorUserId,
  );
}

/**
 * A template applied to a week: one entry per technician with jobs in it (a template can
 * hold dozens of jobs; one entry each would bury the bell), none pointing at a single job.
 */
export function weekNotices(
  createdFor: readonly string[],
  weekStart: string,
  actorUserId: string,
  people: readonly Person[],
): Notice[] {
  const counts = new Map<string, number>();
  for (const employeeId of createdFor) counts.set(employeeId, (counts.get(employeeId) ?? 0) + 1);
  const actorName = personName(people.find((person) => person.userId === actorUserId)?.name);
  const notices = [...counts].flatMap(([employeeId, count]) => {
    const person = technicianOf(people, employeeId);
    if (!person) return [];
    return [
      {
        recipientUserId: person.userId,
        kind: "job.assigned" as const,
        message: weekScheduledMessage(actorName, count, weekStart),
        jobId: null,
      },
    ];
  });
  return withoutActor(notices, actorUserId);
}
