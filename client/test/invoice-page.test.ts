/// <reference types="node" />
/** The invoice page's path and amounts (docs/invoice-page.md): minor units in the currency's own decimals. */
import { describe, expect, it } from "vitest";
import { formatAmount, invoiceStatusWords } from "../src/customer/invoice-api";
import { pageOf } from "../src/customer/pages";

describe("the invoice page", () => {
  it("opens by its path", () => {
    expect(pageOf("/invoice/abc.DEF_1")).toEqual({ page: "invoice", token: "abc.DEF_1" });
    expect(pageOf("/invoice/a/b")).toEqual({ page: "none" });
  });

  it("shows minor units in 0, 2 and 3-decimal currencies", () => {
    expect(formatAmount({ amount: 120_450, currency: "USD" }, "en-US")).toBe("$1,204.50");
    expect(formatAmount({ amount: 1205, currency: "JPY" }, "en-US")).toBe("¥1,205");
    expect(formatAmount({ amount: 1250, currency: "KWD" }, "en-US").replace(/\s/g, " ")).toBe("KWD 1.250");
    expect(formatAmount({ amount: -16_520, currency: "USD" }, "en-US")).toBe("-$165.20");
  });

  it("names each status in the customer's words", () => {
    expect(invoiceStatusWords({ status: "viewed" })).toBe("Due");
    expect(invoiceStatusWords({ status: "partly_paid" })).toBe("Partly paid");
    expect(invoiceStatusWords({ status: "void" })).toBe("Void");
  });
});
