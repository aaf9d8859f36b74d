/** The Daily View's timeline as numbers: rows, hours, blocks, lanes, snapping and the keyboard's moves. */
import { describe, expect, it } from "vitest";
import {
  boxOf,
  buildTimeline,
  clockOf,
  draggedStart,
  hourRange,
  hoursOf,
  keyboardMove,
  minuteAt,
  minutesOf,
  type Placement,
  resizedMinutes,
  snap,
  stackInLanes,
  UNKNOWN_ROW_KEY,
} from "../src/features/schedule/timeline/timelineModel";
import { buildEmployee, buildJob } from "./builders";

const DAY = "2026-11-25";
const WORKDAY = { start: "07:00", end: "19:00" };
const at = (id: string, time: string, durationMinutes = 60, employeeId = "e1") =>
  buildJob({ id, time, durationMinutes, employeeId, date: DAY });

describe("the hours across", () => {
  it("spans the company's workday when every job is inside it", () => {
    const range = hourRange([at("a", "09:00")], WORKDAY.start, WORKDAY.end);
    expect(range).toEqual({ start: 7 * 60, end: 19 * 60 });
    expect(hoursOf(range)).toHaveLength(12);
  });

  it("widens to whole hours to show a job outside the workday, and stops at midnight", () => {
    expect(hourRange([at("a", "05:30"), at("b", "19:00", 90)], WORKDAY.start, WORKDAY.end)).toEqual({
      start: 5 * 60,
      end: 21 * 60,
    });
    expect(hourRange([at("a", "23:00", 180)], WORKDAY.start, WORKDAY.end).end).toBe(24 * 60);
    // A workday on half hours still draws whole hours.
    expect(hourRange([], "07:30", "16:30")).toEqual({ start: 7 * 60, end: 17 * 60 });
  });
});

describe("a block's place and width", () => {
  const range = { start: 7 * 60, end: 19 * 60 };

  it("starts at the job's start and is as wide as its length", () => {
    const hour = 100 / 12;
    const sixty = boxOf(minutesOf("09:00"), 60, range);
    const twoHours = boxOf(minutesOf("10:00"), 120, range);
    expect(sixty.left).toBeCloseTo(2 * hour);
    expect(sixty.width).toBeCloseTo(hour);
    expect(twoHours.left).toBeCloseTo(3 * hour);
    expect(twoHours.width).toBeCloseTo(2 * hour);
    expect(boxOf(minutesOf("07:00"), 12 * 60, range)).toEqual({ left: 0, width: 100 });
  });

  it("is cut at the range's ends", () => {
    expect(boxOf(minutesOf("18:00"), 180, range).width).toBeCloseTo(100 / 12);
  });

  it("reads the minute under the pointer back from pixels", () => {
    // A 1,200 px track from x = 100: 100 px an hour.
    expect(minuteAt(100, 100, 1200, range)).toBe(7 * 60);
    expect(minuteAt(350, 100, 1200, range)).toBe(9 * 60 + 30);
    expect(minuteAt(1300, 100, 1200, range)).toBe(19 * 60);
  });
});

describe("overlapping jobs of one technician", () => {
  it("stack in lanes; jobs that only touch share one", () => {
    const { blocks, laneCount } = stackInLanes([
      at("late", "11:00"),
      at("first", "09:00", 120),
      at("overlap", "10:00"),
      at("touching", "11:00", 30),
    ]);
    const lanes = Object.fromEntries(blocks.map((block) => [block.job.id, block.lane]));
    expect(lanes).toEqual({ first: 0, overlap: 1, late: 0, touching: 1 });
    expect(laneCount).toBe(2);
  });

  it("need one lane when nothing overlaps, and one for an empty row", () => {
    expect(stackInLanes([at("a", "09:00"), at("b", "10:00")]).laneCount).toBe(1);
    expect(stackInLanes([]).laneCount).toBe(1);
  });
});

describe("the rows", () => {
  const luis = buildEmployee({ id: "e1", name: "Luis Garcia" });
  const maria = buildEmployee({ id: "e2", name: "Maria Chen" });
  const bob = buildEmployee({ id: "e3", name: "Bob Stone", isActive: false });

  it("has every roster employee, then those off it who work that day, each job of the day once", () => {
    const jobs = [
      at("a", "09:00"),
      at("a", "09:00"),
      at("b", "10:00", 60, "e3"),
      at("c", "11:00", 60, "gone"),
      buildJob({ id: "other-day", date: "2026-11-26", employeeId: "e1" }),
      buildJob({ id: "tray", date: null, time: null, employeeId: null }),
    ];
    const { rows, range } = buildTimeline({
      day: DAY,
      jobs,
      roster: [luis, maria],
      everyone: [luis, maria, bob],
      workdayStart: WORKDAY.start,
      workdayEnd: WORKDAY.end,
    });
    expect(rows.map((row) => [row.key, row.label, row.isInactive])).toEqual([
      ["e1", "Luis Garcia", false],
      ["e2", "Maria Chen", false],
      ["e3", "Bob Stone", true],
      [UNKNOWN_ROW_KEY, "Unknown employee", true],
    ]);
    expect(rows.flatMap((row) => row.blocks.map((block) => block.job.id))).toEqual(["a", "b", "c"]);
    expect(range).toEqual({ start: 7 * 60, end: 19 * 60 });
  });
});

describe("dragging", () => {
  it("snaps a moved block to 15 minutes, keeping where it was grabbed", () => {
    expect(snap(9 * 60 + 7)).toBe(9 * 60);
    expect(snap(9 * 60 + 8)).toBe(9 * 60 + 15);
    // Grabbed 20 minutes into the block, let go over 14:22: it starts at 14:00.
    expect(clockOf(draggedStart(14 * 60 + 22, 20))).toBe("14:00");
    expect(draggedStart(-50, 0)).toBe(0);
    expect(clockOf(draggedStart(24 * 60 + 30, 0))).toBe("23:45");
  });

  it("snaps a dragged right edge to 15 minutes, between 15 minutes and 12 hours", () => {
    const nine = 9 * 60;
    expect(resizedMinutes(nine + 88, nine)).toBe(90);
    expect(resizedMinutes(nine - 30, nine)).toBe(15);
    expect(resizedMinutes(nine + 13 * 60, nine)).toBe(720);
  });
});

describe("the keyboard", () => {
  const rows = ["e1", "e2", "e3"];
  const place: Placement = { rowKey: "e2", start: 9 * 60, minutes: 60 };
  const press = (key: string, modifiers: { altKey?: boolean; shiftKey?: boolean } = {}) => ({
    key,
    altKey: modifiers.altKey ?? false,
    shiftKey: modifiers.shiftKey ?? false,
  });

  it("moves a block 15 minutes with the arrows", () => {
    expect(keyboardMove(place, press("ArrowRight"), rows)).toEqual({ ...place, start: 9 * 60 + 15 });
    expect(keyboardMove(place, press("ArrowLeft"), rows)).toEqual({ ...place, start: 8 * 60 + 45 });
    // Off a quarter hour, the first step goes to the next quarter that way.
    expect(keyboardMove({ ...place, start: 9 * 60 + 10 }, press("ArrowRight"), rows)?.start).toBe(
      9 * 60 + 15,
    );
    expect(keyboardMove({ ...place, start: 9 * 60 + 10 }, press("ArrowLeft"), rows)?.start).toBe(9 * 60);
    expect(keyboardMove({ ...place, start: 0 }, press("ArrowLeft"), rows)).toBeNull();
  });

  it("changes its length by 15 minutes with Shift+arrows, within 15 minutes and 12 hours", () => {
    expect(keyboardMove(place, press("ArrowRight", { shiftKey: true }), rows)).toEqual({
      ...place,
      minutes: 75,
    });
    expect(keyboardMove(place, press("ArrowLeft", { shiftKey: true }), rows)).toEqual({
      ...place,
      minutes: 45,
    });
    expect(keyboardMove({ ...place, minutes: 15 }, press("ArrowLeft", { shiftKey: true }), rows)).toBeNull();
    expect(
      keyboardMove({ ...place, minutes: 720 }, press("ArrowRight", { shiftKey: true }), rows),
    ).toBeNull();
  });

  it("takes it to the next or previous technician with Alt+Up/Down", () => {
    expect(keyboardMove(place, press("ArrowDown", { altKey: true }), rows)).toEqual({
      ...place,
      rowKey: "e3",
    });
    expect(keyboardMove(place, press("ArrowUp", { altKey: true }), rows)).toEqual({ ...place, rowKey: "e1" });
    expect(keyboardMove({ ...place, rowKey: "e3" }, press("ArrowDown", { altKey: true }), rows)).toBeNull();
    // From a row off the roster, to the first row that takes jobs.
    expect(keyboardMove({ ...place, rowKey: "gone" }, press("ArrowUp", { altKey: true }), rows)?.rowKey).toBe(
      "e1",
    );
  });

  it("ignores every other key", () => {
    expect(keyboardMove(place, press("ArrowUp"), rows)).toBeNull();
    expect(keyboardMove(place, press("a"), rows)).toBeNull();
    expect(keyboardMove(place, press("ArrowLeft", { altKey: true }), rows)).toBeNull();
  });
});
