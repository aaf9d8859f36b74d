/** Job lengths on the board (docs/schedule.md). */
import { describe, expect, it } from "vitest";
import {
  DURATION_OPTIONS,
  defaultDuration,
  endTime,
  formatDuration,
  formatTimeRange,
} from "../src/entities/job/duration";

describe("job lengths", () => {
  it("offers 15 minutes to 12 hours in 15-minute steps, in words", () => {
    expect(DURATION_OPTIONS).toHaveLength(48);
    expect(DURATION_OPTIONS[0]).toEqual({ value: 15, label: "15 min" });
    expect(DURATION_OPTIONS.at(-1)).toEqual({ value: 720, label: "12 h" });
    expect(formatDuration(90)).toBe("1 h 30 min");
    expect(formatDuration(60)).toBe("1 h");
  });

  it("takes the type's default from the settings, else one hour", () => {
    const settings = { jobTypeDurations: { Installation: 180 } };
    expect(defaultDuration(settings, "Installation")).toBe(180);
    expect(defaultDuration(settings, "Repair")).toBe(60);
    expect(defaultDuration(settings)).toBe(60);
  });

  it("shows start–end on the board's clock, past midnight too", () => {
    expect(endTime("09:00", 90)).toBe("10:30");
    expect(endTime("23:30", 60)).toBe("00:30");
    expect(formatTimeRange("09:00", 90)).toBe("9:00 AM–10:30 AM");
    expect(formatTimeRange("11:30", 120)).toBe("11:30 AM–1:30 PM");
    expect(formatTimeRange(null, 60)).toBe("");
  });
});
