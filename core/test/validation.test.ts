/**
 * parseOrThrow refuses a NUL character anywhere in the input before any schema reads it
 * (docs/api.md): PostgreSQL's text cannot hold one, so it must never get
 * that far, and the message names the field.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BadRequest } from "../src/errors";
import { fieldLabel, nulIssues, parseOrThrow } from "../src/validation";

describe("a NUL character in the input", () => {
  it("is named by its field, in words", () => {
    expect(fieldLabel(["customerName"])).toBe("Customer name");
    expect(fieldLabel(["companyId"])).toBe("Company id");
    expect(fieldLabel(["entries", 3, "location"])).toBe("Location");
    expect(fieldLabel(["tags", 0])).toBe("Tags");
    expect(fieldLabel([])).toBe("Value");
  });

  it("is found in values and field names at any depth, in the order written", () => {
    expect(nulIssues({ name: "ok", location: "1\u0000Main", nested: { list: ["x", "\u0000"] } })).toEqual([
      { path: "location", message: "Location must not contain a NUL character" },
      { path: "nested.list.1", message: "List must not contain a NUL character" },
    ]);
    expect(nulIssues({ inner: { "bad\u0000key": 1 } })).toEqual([
      { path: "inner", message: "Field names must not contain a NUL character" },
    ]);
    expect(nulIssues("\u0000")).toEqual([{ path: "", message: "Value must not contain a NUL character" }]);
    expect(nulIssues({ name: "Nia", count: 3, flag: true, none: null })).toEqual([]);
  });

  it("is looked for without recursion and without echoing a whole hostile body", () => {
    const deep = JSON.parse(`${"[".repeat(200_000)}"\\u0000"${"]".repeat(200_000)}`);
    expect(nulIssues(deep)).toHaveLength(1);
    expect(nulIssues(Array.from({ length: 1000 }, () => "\u0000"))).toHaveLength(10);
  });

  it("is refused before the schema, even in a field the schema would drop", () => {
    const schema = z.object({ name: z.string() });
    expect(parseOrThrow(schema, { name: "Nia", extra: "x" })).toEqual({ name: "Nia" });
    const refusal = (() => {
      try {
        parseOrThrow(schema, { name: "Nia", extra: "a\u0000" });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(BadRequest);
    expect(refusal).toMatchObject({ status: 400, message: "Extra must not contain a NUL character" });
  });
});
