/** The money settings cards' payloads (client/src/features/settings/moneySettingsValues.ts). */
import type { MoneySettingsDTO } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import {
  changedFields,
  fieldNamesOf,
  sameInPart,
  staleSettingsOf,
  toFormValues,
} from "../src/features/settings/moneySettingsValues";
import { ApiError } from "../src/lib/api";

const opened: MoneySettingsDTO = {
  companyId: "c1",
  currency: "USD",
  currencyExponent: 2,
  pricesIncludeTax: false,
  techniciansSeePrices: false,
  taxNumbers: [{ label: "EIN", value: "12-345" }],
  documentAddress: null,
  paymentTermsDays: 14,
  reminderDays: [3, 7, 14],
  taxRates: [{ id: "r1", name: "Sales tax", percent: 8.875 }],
  logo: null,
  version: 4,
};

describe("changedFields", () => {
  it("sends nothing when the form reads as opened", () => {
    expect(changedFields(opened, toFormValues(opened), "pricing")).toEqual({});
    expect(changedFields(opened, toFormValues(opened), "documents")).toEqual({});
  });

  it("sends the whole tax rate list, ids kept, when a rate is added", () => {
    const values = toFormValues(opened);
    values.taxRates.push({ name: " GST ", percent: 5 });
    expect(changedFields(opened, values, "pricing")).toEqual({
      taxRates: [
        { id: "r1", name: "Sales tax", percent: 8.875 },
        { name: "GST", percent: 5 },
      ],
    });
  });

  it("sends only the card's own changed fields", () => {
    const values = {
      ...toFormValues(opened),
      pricesIncludeTax: true,
      documentAddress: "1 Main St\nSpringfield",
      reminderDays: ["14", "3"],
    };
    expect(changedFields(opened, values, "pricing")).toEqual({ pricesIncludeTax: true });
    // Reminder days in another order are the same days.
    expect(changedFields(opened, { ...values, reminderDays: ["14", "7", "3"] }, "documents")).toEqual({
      documentAddress: "1 Main St\nSpringfield",
    });
    expect(changedFields(opened, values, "documents")).toEqual({
      documentAddress: "1 Main St\nSpringfield",
      reminderDays: [3, 14],
    });
  });

  it("keeps what the schema must refuse, for it to name the field", () => {
    const values = { ...toFormValues(opened), reminderDays: ["3", "soon"], paymentTermsDays: null };
    const change = changedFields(opened, values, "documents");
    expect(change.paymentTermsDays).toBeNull();
    expect(change.reminderDays).toEqual([3, Number.NaN]);
  });

  it("clears the address with an empty text", () => {
    const withAddress = { ...opened, documentAddress: "1 Main St" };
    expect(
      changedFields(withAddress, { ...toFormValues(withAddress), documentAddress: "  " }, "documents"),
    ).toEqual({
      documentAddress: "",
    });
  });
});

describe("sameInPart", () => {
  it("lets a card move to a version where only the other card's fields changed", () => {
    const theirs = { ...opened, version: 5, documentAddress: "2 Elm St" };
    expect(sameInPart(opened, theirs, "pricing")).toBe(true);
    expect(sameInPart(opened, theirs, "documents")).toBe(false);
  });
});

describe("errors", () => {
  it("puts a reminder day's error on the tags field", () => {
    expect(
      fieldNamesOf([
        { path: "reminderDays.1", message: "x" },
        { path: "taxRates.0.name", message: "y" },
      ]),
    ).toEqual({
      "reminderDays.1": "reminderDays",
      "taxRates.0.name": "taxRates.0.name",
    });
  });

  it("reads a stale answer's current settings", () => {
    const body = {
      code: "stale",
      message: "Olive changed the money settings.",
      current: { ...opened, version: 9 },
    };
    const stale = staleSettingsOf(new ApiError(409, JSON.stringify(body)));
    expect(stale?.message).toBe("Olive changed the money settings.");
    expect(stale?.current?.version).toBe(9);
    expect(
      staleSettingsOf(new ApiError(409, JSON.stringify({ code: "conflict", message: "no" }))),
    ).toBeNull();
  });
});
