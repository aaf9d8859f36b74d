/**
 * The server's calendar names (core/src/lib/dates.ts); the arithmetic itself is tested in
 * shared-types (test/date-arithmetic.test.ts).
 */
import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek, weekName } from "../src/lib/dates";

describe("the server's calendar names", () => {
  it("numbers the days of the week from Monday (0) to Sunday (6)", () => {
    const week = Array.from({ length: 7 }, (_, i) => dayOfWeek(addDays("2026-11-23", i)));
    expect(week).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("names weeks the way history shows them", () => {
    expect(weekName("2026-11-23")).toBe("Week of Nov 23, 2026");
    expect(weekName("2027-01-04")).toBe("Week of Jan 4, 2027");
  });
});
