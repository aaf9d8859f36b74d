/** The Week View's first screen: which week it asks for, how it writes amounts, which rows it draws first. */
import { describe, expect, it } from "vitest";
import { formatAmount } from "../src/entities/job/jobStyle";
import { boardRoster } from "../src/features/schedule/gridModel";
import { boardWeek, jobWindow } from "../src/features/schedule/jobWindow";
import {
  firstScreenRows,
  nextBatchEnd,
  type RowLoad,
  weekRowLoad,
} from "../src/features/schedule/rowBatches";
import { buildEmployee } from "./builders";

const row = (tallestCell: number, cards = tallestCell * 6): RowLoad => weekRowLoad(tallestCell, cards);

describe("the Week View's row batches", () => {
  it("draws first the rows that fill one screen", () => {
    // Four cards a cell: about 392 px a row, so an 800 px window needs 3 rows.
    expect(
      firstScreenRows(
        Array.from({ length: 50 }, () => row(4)),
        800,
      ),
    ).toBe(3);
    // Empty rows are 97 px: 9 of them fill 800 px.
    expect(
      firstScreenRows(
        Array.from({ length: 50 }, () => row(0)),
        800,
      ),
    ).toBe(9);
    expect(firstScreenRows([row(4)], 800)).toBe(1);
    expect(firstScreenRows([], 800)).toBe(0);
    // The timeline's rows have known heights: 81 px each (one lane), 10 fill 800 px.
    expect(
      firstScreenRows(
        Array.from({ length: 50 }, () => ({ height: 81, cards: 6 })),
        800,
      ),
    ).toBe(10);
  });

  it("adds the rest in batches of about 60 cards, at least one row each", () => {
    const rows = Array.from({ length: 10 }, () => row(4));
    expect(nextBatchEnd(rows, 3)).toBe(5);
    expect(nextBatchEnd(rows, 9)).toBe(10);
    expect(nextBatchEnd([row(20), row(1)], 0)).toBe(1);
    expect(
      nextBatchEnd(
        Array.from({ length: 100 }, () => row(0)),
        0,
      ),
    ).toBe(100);
  });
});

describe("amounts", () => {
  it("are written as dollars and cents", () => {
    expect(formatAmount("1234.5")).toBe("$1,234.50");
    expect(formatAmount("-12.00")).toBe("-$12.00");
    expect(formatAmount("0.05")).toBe("$0.05");
    expect(formatAmount(1234567.891)).toBe("$1,234,567.89");
  });
});

describe("the week the board asks for", () => {
  it("is the Monday of the URL's week, or of today", () => {
    expect(boardWeek("2030-06-05", "2026-11-23")).toBe("2030-06-03");
    expect(boardWeek("2030-06-03", "2026-11-23")).toBe("2030-06-03");
    expect(boardWeek(null, "2026-11-29")).toBe("2026-11-23");
    expect(boardWeek("soon", "2026-11-23")).toBe("2026-11-23");
    expect(boardWeek("2030-02-31", "2026-11-23")).toBe("2026-11-23");
  });

  it("fetches the jobs of Monday - 4 to Sunday + 4", () => {
    expect(jobWindow("2026-11-23")).toEqual({ startDate: "2026-11-19", endDate: "2026-12-03" });
  });
});

describe("the board's rows", () => {
  it("puts the active employees in rows by name, as the board does", () => {
    const person = (name: string, isActive: boolean) => buildEmployee({ id: name, name, isActive });
    expect(
      boardRoster([
        person("Zoe", true),
        person("Ana", true),
        person("Max", false),
        person("Émile", true),
      ]).map((employee) => employee.name),
    ).toEqual(["Ana", "Émile", "Zoe"]);
  });
});
