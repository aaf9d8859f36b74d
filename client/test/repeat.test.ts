/** The Repeat part of Add Job (docs/schedule.md): the rule it sends and its preview. */
import { parseRepeatRule } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { previewDates } from "../src/features/schedule/repeat/RepeatField";
import {
  choiceOf,
  type RepeatChoice,
  ruleOf,
  startChoice,
  startEnd,
  weekdayOf,
} from "../src/features/schedule/repeat/repeatChoice";
import { scopeQuery } from "../src/features/schedule/repeat/SeriesScopeDialog";

describe("the repeat choice", () => {
  it("starts from the job's weekday or day of the month", () => {
    expect(weekdayOf("2026-11-23")).toBe("MO");
    expect(startChoice("weekly", "2026-11-26")).toEqual({ kind: "weekly", interval: 1, days: ["TH"] });
    expect(startChoice("monthly", "2026-11-26")).toEqual({ kind: "monthly", day: 26 });
    expect(ruleOf(startChoice("none", "2026-11-26"))).toBeNull();
  });

  it("sends rules the server accepts", () => {
    const rules = [
      ruleOf({ kind: "weekly", interval: 1, days: ["MO"] }),
      ruleOf({ kind: "weekly", interval: 2, days: ["MO", "TH"] }),
      ruleOf({ kind: "monthly", day: 15 }),
    ];
    expect(rules).toEqual([
      "FREQ=WEEKLY;BYDAY=MO",
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
      "FREQ=MONTHLY;BYMONTHDAY=15",
    ]);
    for (const rule of rules) expect(parseRepeatRule(rule ?? "").ok).toBe(true);
  });

  it("previews the next dates from the start", () => {
    expect(previewDates("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "2026-11-23")).toEqual([
      "2026-11-23",
      "2026-11-26",
      "2026-12-07",
      "2026-12-10",
    ]);
    expect(previewDates("FREQ=MONTHLY;BYMONTHDAY=31", "2026-11-23", 3)).toEqual([
      "2026-12-31",
      "2027-01-31",
      "2027-03-31",
    ]);
  });

  it("previews an existing series' dates from the edited occurrence on, counted from its start", () => {
    expect(previewDates("FREQ=WEEKLY;INTERVAL=2;BYDAY=WE", "2026-11-23", 2, "2026-12-08")).toEqual([
      "2026-12-09",
      "2026-12-23",
    ]);
  });

  it("shows a stored rule as the dialog's choice, or not at all when it cannot", () => {
    expect(choiceOf("FREQ=WEEKLY", "2026-11-23")).toEqual({ kind: "weekly", interval: 1, days: ["MO"] });
    expect(choiceOf("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "2026-11-23")).toEqual({
      kind: "weekly",
      interval: 2,
      days: ["MO", "TH"],
    });
    expect(choiceOf("FREQ=MONTHLY;BYMONTHDAY=15", "2026-11-23")).toEqual({ kind: "monthly", day: 15 });
    expect(choiceOf("FREQ=WEEKLY;BYDAY=TU;UNTIL=20270105", "2026-11-23")).toEqual({
      kind: "weekly",
      interval: 1,
      days: ["TU"],
      end: { kind: "until", date: "2027-01-05" },
    });
    for (const rule of ["FREQ=WEEKLY;COUNT=4", "FREQ=MONTHLY;BYDAY=1MO", "FREQ=MONTHLY;BYMONTHDAY=1,15"]) {
      expect(choiceOf(rule, "2026-11-23"), rule).toBeNull();
    }
  });

  it("ends on a date or after a number of visits, and the preview stops there (issue 51)", () => {
    const weekly: RepeatChoice = { kind: "weekly", interval: 1, days: ["MO"] };
    const until = ruleOf({ ...weekly, end: { kind: "until", date: "2026-12-07" } });
    const count = ruleOf({ kind: "monthly", day: 15, end: { kind: "count", count: 2 } });
    expect([until, count]).toEqual([
      "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261207",
      "FREQ=MONTHLY;BYMONTHDAY=15;COUNT=2",
    ]);
    for (const rule of [until, count]) expect(parseRepeatRule(rule ?? "").ok).toBe(true);
    // UNTIL is inclusive, as the server reads it; COUNT counts from the start.
    expect(previewDates(until ?? "", "2026-11-23")).toEqual(["2026-11-23", "2026-11-30", "2026-12-07"]);
    expect(previewDates(count ?? "", "2026-11-23")).toEqual(["2026-12-15", "2027-01-15"]);
    expect(ruleOf({ ...weekly, end: { kind: "never" } })).toBe("FREQ=WEEKLY;BYDAY=MO");
    expect(startEnd("count", "2026-11-23")).toEqual({ kind: "count", count: 10 });
    expect(startEnd("until", "2026-11-30")).toEqual({ kind: "until", date: "2027-02-28" });
  });

  it("names the scope in the query only when it is not this job", () => {
    expect(scopeQuery(undefined)).toBe("");
    expect(scopeQuery({ scope: "this", includeDetached: true })).toBe("");
    expect(scopeQuery({ scope: "following", includeDetached: false })).toBe("?scope=following");
    expect(scopeQuery({ scope: "all", includeDetached: true })).toBe("?scope=all&includeDetached=true");
  });
});
