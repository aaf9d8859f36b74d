/** Phone numbers, search text and spreadsheet headers of customers (docs/customers.md). */
import { describe, expect, it } from "vitest";
import { matchHeaders, parseCustomerCsv, rowName } from "../src/lib/customer-csv";
import { normalizePhone } from "../src/lib/phones";
import { customerSearchText, foldText, searchPattern } from "../src/lib/search-text";

describe("normalizePhone", () => {
  it("writes every spelling of one number as the same E.164", () => {
    for (const text of [
      "(555) 010-2000",
      "555-010-2000",
      "555.010.2000",
      "+1 555 010 2000",
      "1 (555) 010 2000",
    ]) {
      expect(normalizePhone(text, "US")).toBe("+15550102000");
    }
  });

  it("reads a number in the company's country unless it names its own", () => {
    expect(normalizePhone("06 12 34 56 78", "FR")).toBe("+33612345678");
    expect(normalizePhone("+44 20 7946 0958", "US")).toBe("+442079460958");
  });

  it("keeps a short local number's digits as its key, and answers null for no number at all", () => {
    expect(normalizePhone("555-0100", "US")).toBe("5550100");
    expect(normalizePhone("555 0100", "US")).toBe("5550100");
    expect(normalizePhone("+1 555", "US")).toBeNull();
    expect(normalizePhone("2026-02-30", "US")).toBeNull();
    expect(normalizePhone("12", "US")).toBeNull();
    expect(normalizePhone("", "US")).toBeNull();
    expect(normalizePhone(null, "US")).toBeNull();
  });
});

describe("search text", () => {
  it("folds case and accents, and keeps the phone's digits", () => {
    expect(foldText("José NÚÑEZ")).toBe("jose nunez");
    const text = customerSearchText({
      name: "Zoë",
      phone: "(555) 010-2000",
      phoneNormalized: "+15550102000",
    });
    expect(text).toContain("zoe");
    expect(text).toContain("5550102000");
    expect(text).toContain("15550102000");
  });

  it("searches a phone-like query by its digits and escapes LIKE's wildcards", () => {
    expect(searchPattern(" 555-010 ")).toBe("%555010%");
    expect(searchPattern("Café")).toBe("%cafe%");
    expect(searchPattern("100%_off")).toBe("%100\\%\\_off%");
    // Two digits are not a phone search: "12" stays as typed (an address number).
    expect(searchPattern("12")).toBe("%12%");
  });
});

describe("spreadsheet headers", () => {
  it("matches common spellings and leaves unknown columns out", () => {
    expect(
      matchHeaders([
        "Customer Name",
        "Phone Number",
        "E-mail Address",
        "Street Address",
        "Comments",
        "Colour",
      ]),
    ).toEqual(["name", "phone", "email", "address", "notes", undefined]);
    expect(matchHeaders(["First Name", "Last Name", "Mobile", "Email"])).toEqual([
      "firstName",
      "lastName",
      "phone",
      "email",
    ]);
  });

  it("reads quoted cells, a byte-order mark and ragged rows, numbering rows as the spreadsheet does", () => {
    const csv = '\uFEFFName,Notes\n"Doe, Jane","Gate code 12\nRing twice"\nSam\n';
    const { rows } = parseCustomerCsv(csv);
    expect(rows).toEqual([
      { row: 2, values: { name: "Doe, Jane", notes: "Gate code 12\nRing twice" } },
      { row: 3, values: { name: "Sam" } },
    ]);
    expect(rowName({ firstName: "Eve", lastName: "Evans" })).toBe("Eve Evans");
  });
});
