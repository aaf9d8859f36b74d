/**
 * Whether a repeat rule gives any date at all (docs/schedule.md): a rule
 * for the 30th of every February, or one that ends before its first date, would store a
 * series with no job. The same reading of the rule as core's expansion (the rrule package,
 * weeks from Monday), kept small: only the first date is looked for.
 */
import { addDays, isoWeekday, weekStartOf } from "../dates";
import type { RepeatRule, RRuleWeekday } from "./job-series";

/** A rule whose first date is further off than this gives none a dispatcher plans for. */
export const FIRST_DATE_WITHIN_YEARS = 5;

const WEEKDAY_NUMBER: Record<RRuleWeekday, number> = { MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6, SU: 7 };

const partsOf = (date: string) => date.split("-").map(Number) as [number, number, number];
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function onWeekly(rule: RepeatRule, date: string, start: string): boolean {
  const weeksApart = Math.round(
    (Date.parse(weekStartOf(date)) - Date.parse(weekStartOf(start))) / 604_800_000,
  );
  if (weeksApart % rule.interval !== 0) return false;
  const weekday = isoWeekday(date);
  if (rule.byDay.length === 0) return weekday === isoWeekday(start);
  return rule.byDay.some((day) => WEEKDAY_NUMBER[day.weekday] === weekday);
}

function onMonthly(rule: RepeatRule, date: string, start: string): boolean {
  const [year, month, day] = partsOf(date);
  const [startYear, startMonth, startDay] = partsOf(start);
  if (((year - startYear) * 12 + (month - startMonth)) % rule.interval !== 0) return false;
  if (rule.byDay.length === 0 && rule.byMonthDay.length === 0) return day === startDay;
  const last = daysInMonth(year, month);
  const onMonthDay =
    rule.byMonthDay.length === 0 || rule.byMonthDay.some((n) => (n > 0 ? n : last + 1 + n) === day);
  const weekday = isoWeekday(date);
  const onWeekday =
    rule.byDay.length === 0 ||
    rule.byDay.some(({ weekday: name, nth }) => {
      if (WEEKDAY_NUMBER[name] !== weekday) return false;
      if (nth === null) return true;
      return nth > 0 ? Math.ceil(day / 7) === nth : -Math.ceil((last - day + 1) / 7) === nth;
    });
  return onMonthDay && onWeekday;
}

/** True when the rule, started on `startDate`, gives a date within FIRST_DATE_WITHIN_YEARS (and by its UNTIL). */
export function hasFirstDate(rule: RepeatRule, startDate: string): boolean {
  const [year, month, day] = partsOf(startDate);
  const horizon = `${year + FIRST_DATE_WITHIN_YEARS}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const last = rule.until !== null && rule.until < horizon ? rule.until : horizon;
  const isOn = rule.freq === "WEEKLY" ? onWeekly : onMonthly;
  for (let date = startDate; date <= last; date = addDays(date, 1)) {
    if (isOn(rule, date, startDate)) return true;
  }
  return false;
}
