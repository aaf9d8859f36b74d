/**
 * The dates a recurring job's rule gives (docs/schedule.md), expanded
 * with the `rrule` package on plain calendar dates: every date is a UTC midnight, so no
 * server time zone or daylight-saving change moves an occurrence. Only rules that
 * shared-types' parseRepeatRule accepted reach this module.
 */
import { isoWeekday, parseRepeatRule, type RepeatRule, type RRuleWeekday } from "@sched/shared-types";
import * as rrulePackage from "rrule";
import { BadRequest } from "../errors";
import { toDateString } from "./dates";

// rrule ships a UMD bundle as its CommonJS entry: Node's ESM loader sees only its default
// export, while bundlers (vitest, vite) see the named ones. Either way, the same classes.
const { RRule, Weekday } =
  (rrulePackage as unknown as { default?: typeof rrulePackage }).default ?? rrulePackage;
type RRule = InstanceType<typeof RRule>;

const WEEKDAY_INDEX: Record<RRuleWeekday, number> = { MO: 0, TU: 1, WE: 2, TH: 3, FR: 4, SA: 5, SU: 6 };

const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

/** The checked rule as an rrule object starting on `startDate`. */
function toRRule(rule: RepeatRule, startDate: string): RRule {
  return new RRule({
    freq: rule.freq === "WEEKLY" ? RRule.WEEKLY : RRule.MONTHLY,
    interval: rule.interval,
    byweekday:
      rule.byDay.length > 0
        ? rule.byDay.map((day) => new Weekday(WEEKDAY_INDEX[day.weekday], day.nth ?? undefined))
        : null,
    bymonthday: rule.byMonthDay.length > 0 ? rule.byMonthDay : null,
    count: rule.count,
    until: rule.until ? utcMidnight(rule.until) : null,
    dtstart: utcMidnight(startDate),
    wkst: 0,
  });
}

/** Reads stored rule text; a stored rule was checked when saved, so a failure here is a bug. */
export function readRule(text: string): RepeatRule {
  const parsed = parseRepeatRule(text);
  if (!parsed.ok) throw new BadRequest(parsed.message, [{ path: "rrule", message: parsed.message }]);
  return parsed.rule;
}

const WEEKDAYS: RRuleWeekday[] = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];

/**
 * The rule in words, as the rrule package says it: "every 2 weeks on Tuesday, Thursday".
 * A rule that leaves the day out repeats the start date's, so the words name it.
 */
export function describeRule(ruleText: string, startDate: string): string {
  const rule = readRule(ruleText);
  const named: RepeatRule =
    rule.byDay.length > 0 || rule.byMonthDay.length > 0
      ? rule
      : rule.freq === "WEEKLY"
        ? { ...rule, byDay: [{ weekday: WEEKDAYS[isoWeekday(startDate) - 1], nth: null }] }
        : { ...rule, byMonthDay: [Number(startDate.slice(8, 10))] };
  return toRRule(named, startDate).toText();
}

/** The occurrence dates from `from` to `to` (both yyyy-MM-dd, inclusive), counted from `startDate`. */
export function occurrencesBetween(ruleText: string, startDate: string, from: string, to: string): string[] {
  if (from > to) return [];
  const rule = toRRule(readRule(ruleText), startDate);
  return rule.between(utcMidnight(from), utcMidnight(to), true).map(toDateString);
}
