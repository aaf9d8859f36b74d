import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { dayHeading, localToday, requestedWeek } from "../src/features/schedule/calendarDays";
import { boardRoster } from "../src/features/schedule/gridModel";
import { formatAmount } from "../src/features/schedule/jobStyle";
import { firstScreenRows, nextBatchEnd, type RowLoad } from "../src/features/schedule/rowBatches";
import { buildEmployee } from "./builders";

const row = (tallestCell: number, cards = tallestCell * 6): RowLoad => ({ tallestCell, cards });

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

describe("amounts written without Intl", () => {
  const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  it.each([
    "0",
    "0.00",
    "1.5",
    "12.34",
    "1234.5",
    "1234567.89",
    "-12.00",
    "-1234.5",
    "007.5",
    "100000",
    "0.05",
  ])("writes %s as Intl does", (amount) => expect(formatAmount(amount)).toBe(intl.format(Number(amount))));
  it("leaves anything else to Intl", () => {
    expect(formatAmount(1234.5)).toBe("$1,234.50");
    expect(formatAmount("1e3")).toBe("$1,000.00");
  });
});

describe("the week the board's preload asks for", () => {
  it("is the Monday of the URL's week, or of today", () => {
    expect(requestedWeek("?week=2030-06-05", "2026-11-23")).toBe("2030-06-03");
    expect(requestedWeek("?week=2030-06-03", "2026-11-23")).toBe("2030-06-03");
    expect(requestedWeek("", "2026-11-29")).toBe("2026-11-23");
    expect(requestedWeek("?week=soon", "2026-11-23")).toBe("2026-11-23");
  });
  it("rolls an overflowing date over as dayjs does", () => {
    // 2030-02-31 is 2030-03-03, a Sunday: its week starts on 2030-02-25.
    expect(requestedWeek("?week=2030-02-31", "2026-11-23")).toBe("2030-02-25");
  });
});

describe("the board preview's plain-date writing (src/early/)", () => {
  it("heads each day's column as dayjs writes it on the board", () => {
    // Two years from a leap day's year, every day.
    for (let offset = 0; offset < 2 * 366; offset++) {
      const date = dayjs("2028-01-01").add(offset, "day");
      expect(dayHeading(date.format("YYYY-MM-DD"))).toEqual({
        weekday: date.format("ddd"),
        date: date.format("MMM D"),
      });
    }
  });

  it("names today in local time, as dayjs does", () => {
    for (const moment of [
      new Date(2026, 0, 1, 0, 0),
      new Date(2026, 10, 23, 23, 59),
      new Date(2030, 1, 28, 12),
    ]) {
      expect(localToday(moment)).toBe(dayjs(moment).format("YYYY-MM-DD"));
    }
  });

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
