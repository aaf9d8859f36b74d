/** The line of an undoable optimization (client/src/features/optimize-day/optimizedWords.ts). */
import { describe, expect, it } from "vitest";
import { optimizedWords } from "../src/features/optimize-day/optimizedWords";

// 10:42 in the browser's own time zone: the line says the time where the dispatcher is.
const appliedAt = new Date(2026, 10, 30, 10, 42).toISOString();

describe("optimizedWords", () => {
  it("says when, who, how many jobs moved and the minutes saved", () => {
    const words = optimizedWords({
      appliedAt,
      appliedBy: { userId: "u1", name: "Ann Lee" },
      moves: 3,
      savedMinutes: 25,
    });
    expect(words).toBe("Optimized at 10:42 AM by Ann Lee: 3 jobs moved, 25 min less driving");
  });

  it("leaves out who once their account is gone, and minutes when none were saved", () => {
    expect(optimizedWords({ appliedAt, appliedBy: null, moves: 1, savedMinutes: 0 })).toBe(
      "Optimized at 10:42 AM: 1 job moved",
    );
  });
});
