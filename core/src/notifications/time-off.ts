/**
 * The bell's entries about time off (docs/time-off.md): the office hears of each new
 * request, the requester hears the decision. Pure: the wording and who is told.
 */
import { formatClock, TIME_OFF_KIND_LABELS, type TimeFormat, type TimeOffKind } from "@sched/shared-types";
import { day } from "./messages";
import { type Notice, type Person, peopleWho, withoutActor } from "./recipients";

type TimeOffWords = {
  id: string;
  employeeId: string;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  kind: string;
  requestedBy: string | null;
};

/** "Tue 25 Nov", "Tue 25 Nov – Fri 28 Nov", "Tue 25 Nov 1:00 PM–5:00 PM" (or "13:00–17:00": the company's format) */
export function timeOffWhen(
  off: Omit<TimeOffWords, "id" | "employeeId" | "kind" | "requestedBy">,
  format: TimeFormat,
): string {
  if (off.startTime && off.endTime)
    return `${day(off.startDate)} ${formatClock(off.startTime, format)}–${formatClock(off.endTime, format)}`;
  return off.startDate === off.endDate ? day(off.startDate) : `${day(off.startDate)} – ${day(off.endDate)}`;
}

const kindLabel = (kind: string) => TIME_OFF_KIND_LABELS[kind as TimeOffKind] ?? kind;

/** To owners and admins: "Pat Plumber asked for time off (Vacation): Tue 25 Nov – Fri 28 Nov". */
export function timeOffRequestedNotices(
  off: TimeOffWords,
  people: readonly Person[],
  actorUserId: string,
  format: TimeFormat,
): Notice[] {
  const asker = people.find((person) => person.employeeId === off.employeeId)?.name;
  const message = `${asker?.trim() || "Someone"} asked for time off (${kindLabel(off.kind)}): ${timeOffWhen(off, format)}`;
  const notices = peopleWho(people, "manageTimeOff").map((person) => ({
    recipientUserId: person.userId,
    kind: "time_off.requested" as const,
    message,
    jobId: null,
    timeOffId: off.id,
  }));
  return withoutActor(notices, actorUserId);
}

/** To the requester: "Olive Owner approved your time off: Tue 25 Nov". */
export function timeOffDecidedNotices(
  off: TimeOffWords,
  status: "approved" | "declined",
  people: readonly Person[],
  actorUserId: string,
  format: TimeFormat,
): Notice[] {
  if (!off.requestedBy) return [];
  const actor = people.find((person) => person.userId === actorUserId)?.name?.trim() || "Someone";
  const notice: Notice = {
    recipientUserId: off.requestedBy,
    kind: "time_off.decided",
    message: `${actor} ${status} your time off: ${timeOffWhen(off, format)}`,
    jobId: null,
    timeOffId: off.id,
  };
  // A requester who has since left the company is told nothing.
  return withoutActor(
    people.some((person) => person.userId === off.requestedBy) ? [notice] : [],
    actorUserId,
  );
}
