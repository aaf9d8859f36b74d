/** A recurring job's rule in words, as its customer's e-mail says it (docs/customers.md). */
import { describeRule } from "@sched/core/lib/recurrence";
import { describe, expect, it } from "vitest";

describe("describeRule", () => {
  it.each([
    ["FREQ=WEEKLY", "every week on Tuesday"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "every 2 weeks on Monday, Thursday"],
    ["FREQ=MONTHLY", "every month on the 8th"],
    ["FREQ=MONTHLY;BYDAY=2TU", "every month on the 2nd Tuesday"],
    ["FREQ=WEEKLY;COUNT=5", "every week on Tuesday for 5 times"],
  ])("%s from Tuesday 8 April 2031: %s", (rule, words) => {
    expect(describeRule(rule, "2031-04-08")).toBe(words);
  });
});
