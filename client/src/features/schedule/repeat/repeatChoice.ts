/**
 * The dialog's "Repeat" choice and the RRULE it sends (docs/schedule.md):
 * does not repeat, weekly every N weeks on chosen days, or monthly on a day; never ending,
 * ending on a date (UNTIL, inclusive) or after N visits (COUNT).
 * Building the text needs no rule library; only the preview does (RepeatField, loaded
 * on demand).
 */
import type { RRuleWeekday } from "@sched/shared-types";
import dayjs from "dayjs";

/** When a repeat stops; left out, it never does. */
export type RepeatEnd =
  | { kind: "never" }
  | { kind: "until"; date: string }
  | { kind: "count"; count: number };

export type RepeatChoice =
  | { kind: "none" }
  | { kind: "weekly"; interval: number; days: RRuleWeekday[]; end?: RepeatEnd }
  | { kind: "monthly"; day: number; end?: RepeatEnd };

/** A new series ends after this many visits when "After" is chosen, until changed. */
export const DEFAULT_VISITS = 10;

/** The end a kind starts with: "On" three months after `date`, "After" ten visits. */
export function startEnd(kind: RepeatEnd["kind"], date: string): RepeatEnd {
  if (kind === "count") return { kind, count: DEFAULT_VISITS };
  // Three months on, the 31st falling back to a shorter month's last day.
  if (kind === "until") return { kind, date: dayjs(date).add(3, "month").format("YYYY-MM-DD") };
  return { kind: "never" };
}

/** The rule's COUNT or UNTIL part ("" for none). */
function endPart(end: RepeatEnd | undefined): string {
  if (end?.kind === "count") return `;COUNT=${end.count}`;
  if (end?.kind === "until") return `;UNTIL=${end.date.replaceAll("-", "")}`;
  return "";
}

export const NO_REPEAT: RepeatChoice = { kind: "none" };

export const WEEKDAY_LABELS: Record<RRuleWeekday, string> = {
  MO: "Mon",
  TU: "Tue",
  WE: "Wed",
  TH: "Thu",
  FR: "Fri",
  SA: "Sat",
  SU: "Sun",
};

const WEEKDAYS_FROM_SUNDAY: RRuleWeekday[] = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** The weekday of a yyyy-MM-dd date, as RRULE names it. */
export function weekdayOf(date: string): RRuleWeekday {
  return WEEKDAYS_FROM_SUNDAY[new Date(`${date}T00:00:00Z`).getUTCDay()];
}

/** The choice a kind starts with, from the job's date: its weekday, or its day of the month. */
export function startChoice(kind: RepeatChoice["kind"], date: string): RepeatChoice {
  if (kind === "weekly") return { kind, interval: 1, days: [weekdayOf(date)] };
  if (kind === "monthly") return { kind, day: Number(date.slice(8, 10)) || 1 };
  return NO_REPEAT;
}

/** The RRULE for the choice; null when it does not repeat. */
export function ruleOf(choice: RepeatChoice): string | null {
  if (choice.kind === "weekly") {
    const interval = choice.interval > 1 ? `;INTERVAL=${choice.interval}` : "";
    const days = choice.days.length > 0 ? `;BYDAY=${choice.days.join(",")}` : "";
    return `FREQ=WEEKLY${interval}${days}${endPart(choice.end)}`;
  }
  if (choice.kind === "monthly") return `FREQ=MONTHLY;BYMONTHDAY=${choice.day}${endPart(choice.end)}`;
  return null;
}

/**
 * The choice a stored rule shows as, for editing an existing series that started on
 * `startDate`; null when the rule is one the dialog cannot show (an ordinal weekday, several month
 * days, or COUNT: its visits count from the series' start, the edited occurrence's new rule from
 * there), so the dialog never rewrites a rule it did not understand.
 */
export function choiceOf(rule: string, startDate: string): RepeatChoice | null {
  const parts = new Map(rule.split(";").map((part) => part.split("=") as [string, string]));
  const known = ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "UNTIL"];
  if ([...parts.keys()].some((name) => !known.includes(name))) return null;
  const freq = parts.get("FREQ");
  const until = /^(\d{4})(\d{2})(\d{2})$/.exec(parts.get("UNTIL") ?? "");
  if (parts.has("UNTIL") && !until) return null;
  const end: { end?: RepeatEnd } = until
    ? { end: { kind: "until", date: `${until[1]}-${until[2]}-${until[3]}` } }
    : {};
  if (freq === "WEEKLY" && !parts.has("BYMONTHDAY")) {
    const days = (parts.get("BYDAY") ?? "").split(",").filter(Boolean);
    if (!days.every((day) => day in WEEKDAY_LABELS)) return null;
    // No BYDAY repeats on the start's weekday: shown as that day ticked.
    const shown = days.length > 0 ? (days as RRuleWeekday[]) : [weekdayOf(startDate)];
    return { kind: "weekly", interval: Number(parts.get("INTERVAL") ?? 1), days: shown, ...end };
  }
  const monthDay = Number(parts.get("BYMONTHDAY"));
  if (freq === "MONTHLY" && !parts.has("BYDAY") && !parts.has("INTERVAL") && monthDay >= 1) {
    return { kind: "monthly", day: monthDay, ...end };
  }
  return null;
}
