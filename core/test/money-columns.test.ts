/**
 * No floating point in stored money (docs/money.md): every column of the money tables is
 * a whole number (minor units, thousandths), text, a date, a flag or an id; none is real,
 * double precision or numeric, which a later column could otherwise slip in as.
 */
import { pool } from "@sched/core/db/client";
import { describe, expect, it } from "vitest";

const MONEY_TABLES = [
  "money_settings",
  "tax_rates",
  "price_book_items",
  "job_items",
  "document_counters",
  "invoices",
  "invoice_lines",
  "invoice_jobs",
  "credit_notes",
];

describe("the money tables", () => {
  it("store amounts, quantities and percents as whole numbers", async () => {
    const { rows } = await pool.query<{ table: string; column: string; type: string }>(
      `select table_name as table, column_name as column, data_type as type from information_schema.columns
        where table_schema = 'public' and table_name = any($1)`,
      [MONEY_TABLES],
    );
    expect(new Set(rows.map((row) => row.table))).toEqual(new Set(MONEY_TABLES));
    const inexact = rows.filter((row) => ["real", "double precision", "numeric"].includes(row.type));
    expect(inexact).toEqual([]);
    const amounts = rows.filter((row) =>
      /^(unit_price|cost|subtotal|tax|total|paid|credited|net|gross|amount)$/.test(row.column),
    );
    expect(amounts.length).toBeGreaterThan(10);
    for (const row of amounts) expect(row.type, `${row.table}.${row.column}`).toBe("bigint");
  });
});
