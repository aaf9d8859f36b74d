/**
 * CSV cells as every export writes them (the schedule's, the timesheets'): RFC 4180 quoting,
 * and no cell a spreadsheet would run as a formula.
 */

/**
 * Where a spreadsheet may see a formula start (OWASP's CSV injection advice): = + - @ at
 * the start of the cell, after leading blanks, or after a separator some locale splits on
 * (`;` in much of Europe, `,`, a tab, a line break: `;=1+1` is two cells there); or a
 * cell that starts with a tab or carriage return.
 */
const FORMULA_START = /(?:^|[;,\t\r\n])[ \t\r\n]*[=+\-@]|^[\t\r]/;

/** A cell a formula could start in gets a leading ' : the spreadsheet reads it as text. */
function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as read back by an import: the guard quote csvCell put before a formula start taken off. */
export const unguardCell = (value: string): string =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

/**
 * RFC 4180: a field with a quote, comma or line break is quoted, quotes doubled; so is one
 * with a `;` or a tab, so that a locale splitting on those keeps it one cell.
 */
export function csvCell(value: string | null | undefined): string {
  const text = neutralise(value ?? "");
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends. */
export const csvLines = (rows: readonly (readonly (string | null | undefined)[])[]) =>
  `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
