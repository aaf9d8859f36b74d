/** The accountant card's periods (docs/money.md): calendar months and the year of the company's day. */
import { describe, expect, it } from "vitest";
import { periodFor } from "../src/features/price-book/AccountingExportCard";

describe("periodFor", () => {
  it("gives this month, last month across a new year, and this year", () => {
    expect(periodFor("this-month", "2026-02-14")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(periodFor("last-month", "2026-01-05")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(periodFor("last-month", "2024-03-31")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(periodFor("this-year", "2026-12-31")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
  });
});
