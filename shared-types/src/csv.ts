/**
 * CSV cells as every export writes them (the schedule's, the timesheets'): RFC 4180 quoting,
 * and no cell a spreadsheet would run as a formula.
 */

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a
 * formula: a leading ' makes it plain text (OWASP's advice against CSV injection).
 */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field with a quote, comma or line break is quoted, quotes doubled. */
export function csvCell(value: string | null | undefined): string {
  const text = neutralise(value ?? "");
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends. */
export const csvLines = (rows: readonly (readonly (string | null | undefined)[])[]) =>
  `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
