/**
 * The one CSV cell writer of every export (shared-types/src/csv.ts): no cell starts a
 * formula, whichever separator a spreadsheet's locale splits on (OWASP's CSV injection advice).
 */
import { describe, expect, it } from "vitest";
import { csvCell, csvLines, unguardCell } from "../src/csv";

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["O'Brien & Sons", "O'Brien & Sons"],
    ["a - b", "a - b"],
    ['a "b", c', '"a ""b"", c"'],
    ["two\nlines", '"two\nlines"'],
    ["=1+1", "'=1+1"],
    ["+1 555", "'+1 555"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", '"\'\t=1"'],
    ["\r=1", '"\'\r=1"'],
    ["  =1+1", "'  =1+1"],
    [";=1+1", '"\';=1+1"'],
    ["Pat;+1", '"\'Pat;+1"'],
    ["Pat; @SUM(A1)", '"\'Pat; @SUM(A1)"'],
    ["Pat,-2", '"\'Pat,-2"'],
    ["Pat\n=1", '"\'Pat\n=1"'],
    ["Pat\t-1", '"\'Pat\t-1"'],
    ["Smith; Jones", '"Smith; Jones"'],
  ])("writes %j as %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("writes nothing for null and undefined, and CRLF rows", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(
      csvLines([
        ["a", ";=1+1"],
        ["b", null],
      ]),
    ).toBe('a,"\';=1+1"\r\nb,\r\n');
  });
});

describe("unguardCell", () => {
  it("takes off only the guard csvCell put on", () => {
    for (const value of ["=1+1", "+1 555", "-2", "@SUM(A1)", "O'Brien", "'quoted'", "plain"]) {
      expect(unguardCell(csvCell(value).replace(/^"|"$/g, "").replace(/""/g, '"'))).toBe(value);
    }
    expect(unguardCell("'plain")).toBe("'plain");
  });
});
