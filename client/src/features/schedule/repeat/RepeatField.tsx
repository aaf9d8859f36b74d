/**
 * The "Repeat" part of Add Job (docs/schedule.md), with a preview of the
 * next dates. Loaded on demand (React.lazy): the rule library stays out of the schedule
 * page's first download.
 */
import { RRULE_WEEKDAYS, type RRuleWeekday, SERIES_COUNT_MAX } from "@sched/shared-types";
import { Checkbox, Input, InputNumber, Select } from "antd";
import { useMemo } from "react";
import { RRule } from "rrule";
import { formatDay } from "../../../lib/dates";
import {
  DEFAULT_VISITS,
  type RepeatChoice,
  type RepeatEnd,
  ruleOf,
  startChoice,
  startEnd,
  WEEKDAY_LABELS,
} from "./repeatChoice";
import "./repeat.css";

const PREVIEW_COUNT = 4;

type RepeatFieldProps = {
  /** Where the rule starts (its DTSTART): the job's date, or the edited occurrence's for a new rule. */
  startDate: string | undefined;
  /** An existing series: the preview shows the dates from this one on (the edited occurrence's). */
  previewFrom?: string;
  value: RepeatChoice;
  onChange: (choice: RepeatChoice) => void;
};

const KIND_OPTIONS = [
  { value: "none", label: "Does not repeat" },
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
] as const;

const END_OPTIONS = [
  { value: "never", label: "Never" },
  { value: "until", label: "On a date" },
  { value: "count", label: "After" },
] as const;

/**
 * The next `count` dates the rule gives from `startDate`, on or after `from`, as yyyy-MM-dd:
 * the rrule package on UTC midnights with weeks from Monday, as core/src/lib/recurrence.ts.
 */
export function previewDates(
  rule: string,
  startDate: string,
  count = PREVIEW_COUNT,
  from = startDate,
): string[] {
  const options = RRule.parseString(rule);
  const dtstart = new Date(`${startDate}T00:00:00Z`);
  const dates: string[] = [];
  // Walks the rule from its start (as the server does) and keeps the first dates from `from`.
  new RRule({ ...options, dtstart, wkst: RRule.MO }).all((date) => {
    const day = date.toISOString().slice(0, 10);
    if (day >= from) dates.push(day);
    return dates.length < count;
  });
  return dates;
}

export default function RepeatField({ startDate, previewFrom, value, onChange }: RepeatFieldProps) {
  const rule = ruleOf(value);
  const end: RepeatEnd = (value.kind !== "none" && value.end) || { kind: "never" };
  // An end before the first date gives nothing: the preview says so (the server refuses it too).
  const preview = useMemo(
    () =>
      rule && startDate && (value.kind !== "weekly" || value.days.length > 0)
        ? previewDates(rule, startDate, PREVIEW_COUNT, previewFrom)
        : [],
    [rule, startDate, previewFrom, value],
  );
  const date = previewFrom ?? startDate ?? new Date().toISOString().slice(0, 10);
  const setEnd = (next: RepeatEnd) => {
    if (value.kind !== "none") onChange({ ...value, end: next });
  };
  const endsEarly = end.kind !== "never" && preview.length < PREVIEW_COUNT;
  const previewText =
    preview.length > 0
      ? `Next: ${preview.map((next) => formatDay(next)).join(" · ")}${endsEarly ? ". Then it ends." : ""}`
      : value.kind === "weekly" && value.days.length === 0
        ? "Choose at least one day."
        : "No visit before it ends: choose a later end.";
  return (
    <fieldset className="repeat-field" data-testid="repeat-field">
      <legend className="repeat-field__legend">Repeat</legend>
      <Select<RepeatChoice["kind"]>
        aria-label="Repeat"
        data-testid="repeat-kind"
        value={value.kind}
        // The end chosen stays when weekly becomes monthly, or back.
        onChange={(kind) => {
          const next = startChoice(kind, date);
          onChange(next.kind === "none" || end.kind === "never" ? next : { ...next, end });
        }}
        // An existing series changes its rule here; ending it is Delete's "This and following".
        options={KIND_OPTIONS.filter((option) => !previewFrom || option.value !== "none")}
      />
      {value.kind === "weekly" ? (
        <div className="repeat-field__row">
          <span className="repeat-field__every">
            Every
            <InputNumber
              aria-label="Every how many weeks"
              data-testid="repeat-interval"
              min={1}
              max={52}
              value={value.interval}
              onChange={(interval) => onChange({ ...value, interval: interval ?? 1 })}
            />
            {value.interval === 1 ? "week" : "weeks"} on
          </span>
          <Checkbox.Group<RRuleWeekday>
            aria-label="Days of the week"
            value={value.days}
            onChange={(days) =>
              onChange({ ...value, days: RRULE_WEEKDAYS.filter((day) => days.includes(day)) })
            }
            options={RRULE_WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_LABELS[day] }))}
          />
        </div>
      ) : null}
      {value.kind === "monthly" ? (
        <span className="repeat-field__row repeat-field__every">
          Every month on day
          <InputNumber
            aria-label="Day of the month"
            data-testid="repeat-month-day"
            min={1}
            max={31}
            value={value.day}
            onChange={(day) => onChange({ ...value, day: day ?? 1 })}
          />
        </span>
      ) : null}
      {value.kind !== "none" ? (
        <span className="repeat-field__row repeat-field__every" data-testid="repeat-end">
          Ends
          <Select<RepeatEnd["kind"]>
            aria-label="Ends"
            data-testid="repeat-end-kind"
            className="repeat-field__end"
            value={end.kind}
            onChange={(kind) => setEnd(startEnd(kind, date))}
            options={[...END_OPTIONS]}
          />
          {end.kind === "until" ? (
            <Input
              type="date"
              aria-label="End date"
              data-testid="repeat-until"
              className="repeat-field__until"
              min={date}
              value={end.date}
              onChange={(event) => {
                if (event.target.value) setEnd({ kind: "until", date: event.target.value });
              }}
            />
          ) : null}
          {end.kind === "count" ? (
            <>
              <InputNumber
                aria-label="Number of visits"
                data-testid="repeat-count"
                min={1}
                max={SERIES_COUNT_MAX}
                precision={0}
                value={end.count}
                onChange={(count) => setEnd({ kind: "count", count: count ?? DEFAULT_VISITS })}
              />
              {end.count === 1 ? "visit" : "visits"}
            </>
          ) : null}
        </span>
      ) : null}
      {value.kind !== "none" ? (
        <p className="repeat-field__preview" data-testid="repeat-preview" aria-live="polite">
          {previewText}
        </p>
      ) : null}
    </fieldset>
  );
}
