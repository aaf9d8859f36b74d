/**
 * The office's invoice screens (docs/money.md, "Screens"): an `invoice.updated` event makes
 * every invoice query read again (lists, the open invoice, its payments), and a typed amount
 * is read exactly into the currency's minor units.
 */
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { typedAmount } from "../src/features/invoices/invoiceForm";
import { moneyLocale } from "../src/features/invoices/invoiceWords";
import { queryKeys } from "../src/lib/queryKeys";
import { applyEvent } from "../src/realtime/useRealtime";

const COMPANY = "11111111-1111-4111-8111-111111111111";
const INVOICE = "33333333-3333-4333-8333-333333333333";

describe("invoice.updated", () => {
  it("makes the lists, the open invoice and its payments stale, and nothing of the board", () => {
    const queryClient = new QueryClient();
    const keys = [
      queryKeys.invoices(COMPANY),
      queryKeys.invoices(COMPANY, "partly_paid"),
      queryKeys.invoice(INVOICE),
      queryKeys.invoicePayments(INVOICE),
      queryKeys.employees(COMPANY),
    ];
    for (const key of keys) queryClient.setQueryData(key, []);
    applyEvent(queryClient, "invoice.updated", { id: INVOICE, companyId: COMPANY });
    const stale = keys.map((key) => queryClient.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual([true, true, true, true, false]);
  });
});

describe("typedAmount", () => {
  it("reads decimals exactly in 0, 2 and 3-decimal currencies", () => {
    expect(typedAmount("1,250.50", "USD")).toEqual({ amount: 125_050, currency: "USD" });
    expect(typedAmount("0.1", "USD")).toEqual({ amount: 10, currency: "USD" });
    expect(typedAmount("1200", "JPY")).toEqual({ amount: 1200, currency: "JPY" });
    expect(typedAmount("1.234", "KWD")).toEqual({ amount: 1234, currency: "KWD" });
  });

  it("refuses nothing, zero, negatives and more decimals than the currency has", () => {
    for (const text of ["", "0", "0.00", "-5", "12.345", "abc", undefined]) {
      expect(typedAmount(text, "USD"), String(text)).toBeUndefined();
    }
    expect(typedAmount("1.5", "JPY")).toBeUndefined();
  });
});

describe("moneyLocale", () => {
  it("puts the reader's language with the company's country", () => {
    // Without a browser (this test's Node), English.
    const language = typeof navigator === "undefined" ? "en" : navigator.language.split("-")[0];
    expect(moneyLocale("GB")).toBe(`${language}-GB`);
    expect(moneyLocale(undefined)).toBe(language);
  });
});
