import { ZQuoteCreate } from "@sched/shared-types";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { navItemsFor } from "../src/app/navigation";
import {
  DEFAULT_VALID_DAYS,
  depositInput,
  isBlankLine,
  newQuoteValues,
  previewDeposit,
  previewLine,
  previewOption,
  quoteInput,
} from "../src/features/quotes/quoteForm";
import { shownOption } from "../src/features/quotes/quoteWords";

const usd = (amount: number) => ({ amount, currency: "USD" });

describe("the quote editor's values (docs/quotes.md)", () => {
  it("starts a new quote with one Good option, one blank line, standing 30 days", () => {
    const values = newQuoteValues("c1");
    expect(values.customerId).toBe("c1");
    expect(values.options?.map((option) => option.name)).toEqual(["Good"]);
    expect(isBlankLine(values.options?.[0].lines?.[0])).toBe(true);
    expect(values.expiresOn?.format("YYYY-MM-DD")).toBe(
      dayjs().add(DEFAULT_VALID_DAYS, "day").format("YYYY-MM-DD"),
    );
  });

  it("sends typed decimals as minor units read from the text, and what the API schema accepts", () => {
    const input = quoteInput(
      {
        customerId: "6f1c2f7e-8d5a-4b8e-9a59-0d1b2c3d4e5f",
        expiresOn: dayjs("2031-01-15"),
        notes: "  ",
        options: [
          {
            name: "Good",
            lines: [
              { priceBookItemId: null, name: " Drain clearing ", quantity: 1.5, unitPrice: "1,204.10" },
              { name: "Filter", quantity: 1, unitPrice: "0.10", discountPercent: 12.5, optional: true },
            ],
          },
        ],
      },
      "USD",
    );
    expect(input.notes).toBeNull();
    expect(input.options[0].lines[0]).toMatchObject({ name: "Drain clearing", unitPrice: usd(120_410) });
    expect(input.options[0].lines[1]).toMatchObject({ discountPercent: 12.5, optional: true });
    expect(ZQuoteCreate.safeParse(input).success).toBe(true);
  });

  it("lets a typed percent win over a discount amount the quote carried", () => {
    const [line] = quoteInput(
      {
        options: [
          {
            name: "A",
            lines: [{ name: "X", quantity: 1, unitPrice: "10", discountPercent: 5, discountAmount: 100 }],
          },
        ],
      },
      "USD",
    ).options[0].lines;
    expect(line).toMatchObject({ discountPercent: 5, discountAmount: null });
  });

  it("totals as typed: tax on each rounded line, optional lines left out, unreadable lines skipped", () => {
    const option = {
      lines: [
        { name: "Drain", quantity: 1, unitPrice: "120", taxPercent: 8.875 },
        { name: "Camera", quantity: 2, unitPrice: "80", discountPercent: 10 },
        { name: "Roots", quantity: 1, unitPrice: "45", optional: true },
        { name: "Typing", quantity: 1, unitPrice: "4.5.6" },
      ],
    };
    expect(previewLine(option.lines[1], "USD", false)?.net).toEqual(usd(14_400));
    expect(previewLine(option.lines[3], "USD", false)).toBeUndefined();
    expect(previewOption(option, "USD", false)).toEqual({
      subtotal: usd(26_400),
      tax: usd(1_065),
      total: usd(27_465),
    });
  });

  it("lists a quote with its approved option, else its first", () => {
    const options = [
      { id: "a", total: usd(1) },
      { id: "b", total: usd(2) },
    ];
    expect(shownOption({ approvedOptionId: "b", options })?.id).toBe("b");
    expect(shownOption({ approvedOptionId: null, options })?.id).toBe("a");
  });

  it("offers Quotes to the office only", () => {
    const labels = (role: "owner" | "admin" | "employee") =>
      navItemsFor({ role, isLinked: false }).map((item) => item.label);
    expect(labels("owner")).toContain("Quotes");
    expect(labels("admin")).toContain("Quotes");
    expect(labels("employee")).not.toContain("Quotes");
  });
});

describe("the quote editor's deposit (docs/quotes.md, Deposit)", () => {
  it("sends a percent, minor units read from the typed amount, or none; previews it per option", () => {
    expect(depositInput({ kind: "none" }, "USD")).toBeNull();
    expect(depositInput({ kind: "percent", percent: 12.5 }, "USD")).toEqual({
      kind: "percent",
      percent: 12.5,
    });
    const fixed = depositInput({ kind: "amount", amount: "1,250.50" }, "USD");
    expect(fixed).toEqual({ kind: "amount", amount: usd(125_050) });
    expect(ZQuoteCreate.shape.deposit.safeParse(fixed).success).toBe(true);
    // 12.5 % of 0.60 is 0.075: half-even to 0.08, as the server asks.
    expect(previewDeposit({ kind: "percent", percent: 12.5 }, usd(60))).toEqual(usd(8));
    expect(previewDeposit({ kind: "amount", amount: "500" }, usd(10_000))).toEqual(usd(10_000));
    expect(previewDeposit({ kind: "percent", percent: 0 }, usd(10_000))).toBeNull();
    expect(previewDeposit({ kind: "amount", amount: "x" }, usd(10_000))).toBeNull();
  });
});
