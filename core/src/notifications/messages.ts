/**
 * The bell's wording (docs/realtime.md): every entry is one sentence a person
 * reads, naming the job by its time, type and address. Pure: no database, no clock.
 */
import { formatClock, type JobPhotoKind, type TimeFormat } from "@sched/shared-types";

/** What a sentence needs to know about a job; an unscheduled job has no date or time. */
export type JobWords = { type: string; location: string; date: string | null; time: string | null };

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2025-11-25" -> "Tue 25 Nov" (a calendar date: read in UTC so no time zone moves it). */
export function day(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "a 9:00 AM Repair", "an Inspection", and "an 8:00 ...", "an 08:00", "an 11:00 ...", "an 18:00 ..." as said aloud. */
function withArticle(phrase: string): string {
  return /^([aeiou]|0?(8|11|18)(\D|$))/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

/** What is new about a job beyond its time: "a Service at 14 Elm St", "at 14 Elm St", "a Service". */
function whatChanged(before: JobWords, after: JobWords): string | null {
  const typeChanged = before.type !== after.type;
  const placeChanged = before.location !== after.location;
  if (typeChanged && placeChanged) return `${withArticle(after.type)} at ${after.location}`;
  if (typeChanged) return withArticle(after.type);
  if (placeChanged) return `at ${after.location}`;
  return null;
}

/**
 * The job sentences with times in the company's format (clock-format.ts in shared-types):
 * "9:00 AM" or "09:00", as its screens and e-mails say them.
 */
export function jobMessages(format: TimeFormat) {
  const clock = (time: string) => formatClock(time, format);
  /** "9:00 AM Repair at 12 Oak Rd" ("Repair at 12 Oak Rd" while unscheduled) */
  const jobName = (job: JobWords) => `${job.time ? `${clock(job.time)} ` : ""}${job.type} at ${job.location}`;
  /** "9:00 AM Repair at 12 Oak Rd on Tue 25 Nov" */
  const jobNameOnDay = (job: JobWords) => (job.date ? `${jobName(job)} on ${day(job.date)}` : jobName(job));
  /** "Tue 25 Nov 10:30 AM", or "Unscheduled" for a job without a slot. */
  const slot = (job: JobWords) =>
    job.date && job.time ? `${day(job.date)} ${clock(job.time)}` : "Unscheduled";
  return {
    /** "Olive Owner assigned you a 9:00 Repair at 12 Oak Rd on Tue 25 Nov" */
    assigned: (actor: string, job: JobWords) => `${actor} assigned you ${withArticle(jobNameOnDay(job))}`,

    /** "Your 9:00 Repair at 12 Oak Rd moved to Tue 25 Nov 10:30", plus what else changed. */
    moved: (before: JobWords, after: JobWords) => {
      const also = whatChanged(before, after);
      const moved = `Your ${jobName(before)} moved to ${slot(after)}`;
      return also ? `${moved} and is now ${also}` : moved;
    },

    /** "Your 9:00 Repair at 12 Oak Rd on Tue 25 Nov is now at 14 Elm St" */
    changed: (before: JobWords, after: JobWords) =>
      `Your ${jobNameOnDay(before)} is now ${whatChanged(before, after) ?? "changed"}`,

    /** "Olive Owner reassigned your 9:00 Repair at 12 Oak Rd on Tue 25 Nov to Sam Sparks" */
    reassignedAway: (actor: string, job: JobWords, to: string) =>
      `${actor} reassigned your ${jobNameOnDay(job)} to ${to}`,

    /** "Olive Owner moved your 9:00 Repair at 12 Oak Rd on Tue 25 Nov to Unscheduled" */
    unscheduled: (actor: string, job: JobWords) => `${actor} moved your ${jobNameOnDay(job)} to Unscheduled`,

    /** "Olive Owner cancelled your 9:00 Repair at 12 Oak Rd on Tue 25 Nov" */
    cancelled: (actor: string, job: JobWords) => `${actor} cancelled your ${jobNameOnDay(job)}`,

    /** "Olive Owner removed your 9:00 Repair at 12 Oak Rd on Tue 25 Nov from the schedule" */
    deleted: (actor: string, job: JobWords) => `${actor} removed your ${jobNameOnDay(job)} from the schedule`,

    /** "Pat Plumber completed the 9:00 Repair at 12 Oak Rd" */
    completed: (actor: string, job: JobWords) => `${actor} completed the ${jobName(job)}`,

    /** "Pat Plumber added an after photo to the 9:00 Repair at 12 Oak Rd" */
    photoAdded: (actor: string, job: JobWords, kind: JobPhotoKind) =>
      `${actor} added ${kind === "after" ? "an after" : "a before"} photo to the ${jobName(job)}`,

    /** "Pat Plumber is on the way to 12 Oak Rd" */
    onMyWay: (actor: string, job: JobWords) => `${actor} is on the way to ${job.location}`,
  };
}

/** A template's week: "Olive Owner scheduled 5 jobs for you in the week of Mon 24 Nov" */
export const weekScheduledMessage = (actor: string, count: number, weekStart: string) =>
  `${actor} scheduled ${count === 1 ? "1 job" : `${count} jobs`} for you in the week of ${day(weekStart)}`;

/** "Nora Newhire joined the team" */
export const memberJoinedMessage = (name: string) => `${name} joined the team`;

/** A person's name as the bell says it, or "Someone" when it is not known (a deleted account). */
export const personName = (name: string | null | undefined) => name?.trim() || "Someone";

/** A headline and its explanation as one entry: "Payment failed. Choose a plan ...". */
const headline = (title: string, detail?: string) => (detail ? `${title}. ${detail}` : title);

const CHOOSE_PLAN_HINT = "Choose a plan on the Subscription page to keep making changes.";

/** A change of payment state, for the owner; null when nothing the owner cares about changed. */
export function billingMessage(change: {
  before: { status: string; planType: string };
  after: { status: string; planType: string };
  /** The plan's display name now, e.g. "Pro". */
  planName: string;
}): string | null {
  const { before, after, planName } = change;
  if (before.status === after.status) {
    return after.status === "active" && before.planType !== after.planType
      ? headline(`Plan changed to ${planName}`)
      : null;
  }
  switch (after.status) {
    case "active":
      return before.status === "past_due" || before.status === "unpaid"
        ? headline("Payment received", `The ${planName} plan is active again.`)
        : headline("Subscription active", `Thank you! The ${planName} plan is active.`);
    case "past_due":
    case "unpaid":
      return headline("Payment failed", CHOOSE_PLAN_HINT);
    case "canceled":
      return headline("Subscription canceled", CHOOSE_PLAN_HINT);
    case "trial":
      return null;
    default:
      return headline(`Subscription ${after.status.replaceAll("_", " ")}`);
  }
}

/** Free access granted or ended (the administrator's reason is never part of it). */
export function freeAccessMessage(
  state: "granted" | "ended_paid" | "ended_trial_over" | "ended_back_on_trial",
): string {
  switch (state) {
    case "granted":
      return headline("Free access granted", "Every feature, at no charge");
    case "ended_paid":
      return headline("Free access ended", "Your paid plan continues");
    case "ended_trial_over":
      return headline("Free access ended", "Your trial has ended: choose a plan to keep making changes");
    case "ended_back_on_trial":
      return headline("Free access ended", "Back on the free trial");
  }
}
