/** The cells of the accountant's files: text made formula-safe by shared-types' csvCell, decimals as numbers. */
import { csvCell } from "@sched/shared-types";

/**
 * An amount or a quantity: a plain signed decimal ("-10.00") is a number to a spreadsheet,
 * never a formula, so it is written as it is; csvCell would make a negative amount text.
 */
export type DecimalCell = { decimal: string };
export type Cell = string | null | DecimalCell;
export const decimal = (text: string): DecimalCell => ({ decimal: text });

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

const cellText = (cell: Cell) =>
  cell !== null && typeof cell === "object"
    ? PLAIN_DECIMAL.test(cell.decimal)
      ? cell.decimal
      : csvCell(cell.decimal)
    : csvCell(cell);

/** Rows as CSV text with CRLF line ends, like shared-types' csvLines. */
export const csvText = (rows: readonly (readonly Cell[])[]) =>
  `${rows.map((row) => row.map(cellText).join(",")).join("\r\n")}\r\n`;
