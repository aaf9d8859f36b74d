/**
 * A customer told an arrival window hears nothing of a new time inside it (the optimizer
 * moves jobs so), but does hear of a new window or a new date (docs/schedule.md).
 */
import { describe, expect, it } from "vitest";
import { noticesFor } from "../src/customer-notices/record-notice";
import type { jobs } from "../src/db/schema";

type JobRow = typeof jobs.$inferSelect;
const job = (overrides: Partial<JobRow>): JobRow =>
  ({
    id: "j1",
    date: "2031-03-05",
    time: "09:00",
    status: "scheduled",
    onMyWayAt: null,
    version: 1,
    arrivalWindow: { start: "09:00", end: "11:00" },
    ...overrides,
  }) as JobRow;

const kinds = (before: JobRow, after: JobRow) =>
  noticesFor({ type: "updated", before, after }).map((wanted) => wanted.kind);

describe("notices of a job with an arrival window", () => {
  it("say nothing of a new time inside the same window", () => {
    expect(kinds(job({}), job({ time: "10:15", version: 2 }))).toEqual([]);
  });

  it("confirm a new window, a new date, or a new time without a window", () => {
    expect(kinds(job({}), job({ arrivalWindow: { start: "10:00", end: "12:00" }, version: 2 }))).toEqual([
      "confirmation",
    ]);
    expect(kinds(job({}), job({ date: "2031-03-06", version: 2 }))).toEqual(["confirmation"]);
    expect(
      kinds(job({ arrivalWindow: null }), job({ arrivalWindow: null, time: "10:15", version: 2 })),
    ).toEqual(["confirmation"]);
  });
});
